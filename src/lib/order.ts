/**
 * Orders strings by their UTF-16 code units, as `<` does: for ids and ISO times, which have no language.
 * `localeCompare` asks ICU's collator for every pair (most of a 15 ms task when a list of a few hundred
 * matches is sorted on a desktop CPU) and may order differently with the device's language.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
