import { useEffect, useState } from 'react';
import { apiEnvironment } from '../../api/instance';
import { dataUrlToBlob } from '../../lib/image';
import styles from './Support.module.css';

/**
 * A picture of the chat. One the server keeps is read with the session's token (it is shown to its
 * conversation's owner only, never by a bare address); one still waiting on the device is shown from its
 * own bytes. Both through a blob: address, which the page's Content-Security-Policy allows.
 */
export function Picture({
  imageKey,
  dataUrl,
  alt,
  width,
  height,
}: {
  imageKey?: string;
  dataUrl?: string;
  alt: string;
  width?: number;
  height?: number;
}) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let address: string | null = null;
    let cancelled = false;
    const show = (blob: Blob) => {
      if (cancelled) return;
      address = URL.createObjectURL(blob);
      setSrc(address);
    };
    if (dataUrl) show(dataUrlToBlob(dataUrl));
    else if (imageKey) {
      void apiEnvironment
        .fetch(`/media/support/${encodeURIComponent(imageKey)}`, { headers: { token: apiEnvironment.token() } })
        .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(String(response.status)))))
        .then(show)
        .catch(() => undefined);
    }
    return () => {
      cancelled = true;
      if (address) URL.revokeObjectURL(address);
    };
  }, [imageKey, dataUrl]);
  const ratio = width && height ? `${width} / ${height}` : undefined;
  return src ? (
    <img className={styles.picture} src={src} alt={alt} style={ratio ? { aspectRatio: ratio } : undefined} />
  ) : (
    <span className={styles.picturePlaceholder} role="img" aria-label={alt} style={ratio ? { aspectRatio: ratio } : undefined} />
  );
}
