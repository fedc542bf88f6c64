import { useState } from 'react';
import { qrPath } from '../../lib/qr';
import { PageLayout } from '../../ui/PageLayout';
import { TextField } from '../../ui/Field';
import styles from './Dev.module.css';

/**
 * /qrcode (development builds only): the address of a page of this build as a QR code, to open it on a
 * phone on the same network (a tester's device, a partner app's scanner). Starts with the page this
 * tab came from, or the app's home; any address can be typed.
 */
export function QrCodePage() {
  const [address, setAddress] = useState(() => (document.referrer.startsWith(location.origin) ? document.referrer : `${location.origin}/`));
  const text = address.trim();
  const qr = text ? qrPath(text) : undefined;
  return (
    <PageLayout>
      <div className={styles.page}>
        <p className={styles.banner}>Development tool: not in production builds.</p>
        <TextField label="Address" value={address} onChange={(event) => setAddress(event.target.value)} inputMode="url" />
        {qr && (
          <svg
            className={styles.qr}
            viewBox={`0 0 ${qr.size} ${qr.size}`}
            role="img"
            aria-label={`QR code of ${text}`}
            data-testid="qr-code"
            shapeRendering="crispEdges"
          >
            <path d={qr.path} fill="#000000" />
          </svg>
        )}
        <p className={styles.address} data-testid="qr-address">
          {text}
        </p>
      </div>
    </PageLayout>
  );
}
