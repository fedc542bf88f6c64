import { OddsType } from '../contract/sports';

/**
 * Odds formats (spec §3 odds types). Prices are kept as decimal odds; every other format is derived:
 * Hong Kong = decimal − 1; Malaysian and Indonesian turn the short side negative (−1 / (decimal − 1));
 * American is ±100-based. Parlay (4) shows decimal odds, as parlays multiply them.
 */
function round(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round((value + Number.EPSILON) * factor) / factor;
}

export function convertOdds(decimal: number, type: OddsType): number {
  if (!Number.isFinite(decimal) || decimal <= 1) return 0;
  const profit = decimal - 1;
  switch (type) {
    case OddsType.Decimal:
    case OddsType.Parlay:
      return round(decimal, 2);
    case OddsType.HongKong:
      return round(profit, 2);
    case OddsType.Malaysian:
      return round(profit <= 1 ? profit : -1 / profit, 2);
    case OddsType.Indonesia:
      return round(profit >= 1 ? profit : -1 / profit, 2);
    case OddsType.American:
      return Math.round(profit >= 1 ? profit * 100 : -100 / profit);
    default:
      return round(decimal, 2);
  }
}

/**
 * Back from a price in an odds format to decimal odds (what every return is computed from): a player
 * who reads Hong Kong 0.95, Malaysian −0.80 or American −125 gets back stake × 1.95, × 2.25, × 1.80.
 */
export function toDecimal(value: number, type: OddsType): number {
  if (!Number.isFinite(value) || value === 0) return 0;
  let profit: number;
  switch (type) {
    case OddsType.HongKong:
      profit = value;
      break;
    case OddsType.Malaysian:
    case OddsType.Indonesia:
      profit = value > 0 ? value : -1 / value;
      break;
    case OddsType.American:
      profit = value > 0 ? value / 100 : -100 / value;
      break;
    default:
      return round(value, 2);
  }
  return profit > 0 ? round(1 + profit, 2) : 0;
}

/** The price as the player reads it in their odds format ('1.95', '0.95', '-0.83', '+150'). */
export function formatOdds(decimal: number, type: OddsType): string {
  const value = convertOdds(decimal, type);
  if (value === 0) return '—';
  if (type === OddsType.American) return value > 0 ? `+${value}` : String(value);
  return value.toFixed(2);
}

/** A handicap or total line as printed: 0.25 → '0/0.5', -0.75 → '-0.5/1', 2.5 → '2.5'. */
export function formatLine(point: number | null, signed = false): string {
  if (point === null) return '';
  const sign = signed ? (point > 0 ? '+' : point < 0 ? '-' : '') : point < 0 ? '-' : '';
  const abs = Math.abs(point);
  const quarter = Math.round((abs % 1) * 100);
  if (quarter === 25 || quarter === 75) {
    const low = abs - 0.25;
    const high = abs + 0.25;
    return `${sign}${low}/${high}`;
  }
  return `${sign}${abs}`;
}
