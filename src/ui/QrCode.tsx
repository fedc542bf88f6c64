import { qrPath } from '../lib/qr';
import styles from './QrCode.module.css';

/** A QR code of `text`, black on white whatever the theme (a scanner needs the contrast). */
export function QrCode({ text, label, testId, className }: { text: string; label: string; testId?: string; className?: string }) {
  const qr = qrPath(text);
  return (
    <svg
      className={className ? `${styles.qr} ${className}` : styles.qr}
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
