import { encode } from 'uqr';
import styles from './QrCode.module.css';

/** The QR matrix of `text` as one SVG path (no inline style: the strict CSP), a 2-module quiet zone. */
export function qrPath(text: string): { size: number; path: string } {
  const { size, data } = encode(text, { ecc: 'M', border: 2 });
  const parts: string[] = [];
  data.forEach((row, y) => row.forEach((dark, x) => dark && parts.push(`M${x} ${y}h1v1h-1z`)));
  return { size, path: parts.join('') };
}

/** A QR code of `text`, black on white whatever the theme (a scanner needs the contrast). */
export function QrCode({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const qr = qrPath(text);
  return (
    <svg
      className={styles.qr}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label={label}
      data-testid={testId}
      shapeRendering="crispEdges"
    >
      <path d={qr.path} fill="#000000" />
    </svg>
  );
}
