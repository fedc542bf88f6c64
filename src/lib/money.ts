import { CURRENCY_SYMBOL } from '../contract/constants';

/**
 * Money is integer centavos everywhere inside; these are the edges where it becomes text or comes from
 * the player's keyboard.
 */

/**
 * 123456 → "₱1,234.56"; negative amounts keep their sign before the symbol. Integer arithmetic, exact
 * for every safe amount, and no Intl formatter: the first one a page makes loads its locale's data, ~15 ms
 * inside the render of the first amount on screen (the games lobby's jackpot).
 */
export function formatCentavos(centavos: number): string {
  return formatAmount(centavos, CURRENCY_SYMBOL);
}

/** As formatCentavos with another symbol before the amount. */
export function formatAmount(centavos: number, symbol: string): string {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`not a whole number of centavos: ${centavos}`);
  const abs = Math.abs(centavos);
  const fraction = abs % 100;
  const pesos = String((abs - fraction) / 100).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${centavos < 0 ? '-' : ''}${symbol}${pesos}.${String(fraction).padStart(2, '0')}`;
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
