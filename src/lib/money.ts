import { CURRENCY_SYMBOL } from '../contract/constants';

/**
 * Money is integer centavos everywhere inside; these are the edges where it becomes text or comes from
 * the player's keyboard.
 */

// Made on first use: the first Intl formatter a page makes costs milliseconds (the locale's data loads),
// better spent in a render than in the start-up task that evaluates every module.
let grouping: Intl.NumberFormat | undefined;

/** 123456 → "₱1,234.56"; negative amounts keep their sign before the symbol. */
export function formatCentavos(centavos: number): string {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`not a whole number of centavos: ${centavos}`);
  const sign = centavos < 0 ? '-' : '';
  return `${sign}${CURRENCY_SYMBOL}${(grouping ??= new Intl.NumberFormat('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(Math.abs(centavos) / 100)}`;
}

/** Pesos as a player types them ("1,234.5") → centavos; undefined for anything that is not an amount. */
export function parsePesos(input: string): number | undefined {
  const cleaned = input.replace(/[₱,\s]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return undefined;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  const centavos = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(centavos) ? centavos : undefined;
}

/** Whole pesos (the unit of spec §9's presets) → centavos. */
export function pesosToCentavos(pesos: number): number {
  return Math.round(pesos * 100);
}
