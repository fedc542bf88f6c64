import { useState } from 'react';
import { PageLayout } from '../../ui/PageLayout';
import { TextField } from '../../ui/Field';
import { QrCode } from '../../ui/QrCode';
import styles from './Dev.module.css';

/**
 * /qrcode (development builds only): the address of a page of this build as a QR code, to open it on a
 * phone on the same network (a tester's device, a partner app's scanner). Starts with the page this
 * tab came from, or the app's home; any address can be typed.
 */
export function QrCodePage() {
  const [address, setAddress] = useState(() => (document.referrer.startsWith(location.origin) ? document.referrer : `${location.origin}/`));
  const text = address.trim();
  return (
    <PageLayout>
      <div className={styles.page}>
        <p className={styles.banner}>Development tool: not in production builds.</p>
        <TextField label="Address" value={address} onChange={(event) => setAddress(event.target.value)} inputMode="url" />
        {text && <QrCode text={text} label={`QR code of ${text}`} testId="qr-code" />}
        <p className={styles.address} data-testid="qr-address">
          {text}
        </p>
      </div>
    </PageLayout>
  );
}
