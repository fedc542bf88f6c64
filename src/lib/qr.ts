import { encode } from 'uqr';

/** The QR matrix of `text` as one SVG path (no inline style: the strict CSP), a 2-module quiet zone. */
export function qrPath(text: string): { size: number; path: string } {
  const { size, data } = encode(text, { ecc: 'M', border: 2 });
  const parts: string[] = [];
  data.forEach((row, y) => row.forEach((dark, x) => dark && parts.push(`M${x} ${y}h1v1h-1z`)));
  return { size, path: parts.join('') };
}
