import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_IMAGE } from '../../contract/kyc';
import { dataUrlToBlob, fittedJpeg, resizeImage } from '../../lib/image';
import { hostCapabilities } from '../../stores/origin';
import { Button } from '../../ui/Button';
import { logFaceEvent } from './api';
import { Handoff } from './Handoff';
import styles from './Kyc.module.css';

type CameraState = 'opening' | 'live' | 'denied' | 'missing' | 'preview';

/**
 * The camera with a guided frame (an ID card outline, or an oval for the face). A capture is drawn on a
 * canvas fitted to 750 px at JPEG 0.9 (KYC_IMAGE) and shown for the player to keep or retake. When the
 * camera is refused, a file input with `capture` opens the phone's own camera instead; without any
 * camera the player is told 'camera not detected' and may choose a photo. Each event is logged
 * (uploadCustomerFaceLog) for support.
 */
export function Camera(props: CameraProps) {
  // A host's web view with neither a camera nor a file picker (Maya): the step goes on in the browser or the app.
  const can = hostCapabilities();
  return can.camera || can.filePicker ? <DeviceCamera {...props} /> : <Handoff />;
}

interface CameraProps {
  kind: 'id' | 'face';
  transactionId: string | undefined;
  busy: boolean;
  /** The fitted photo as a data: URL; resolves when the photo was accepted or refused (the parent says why). */
  onPhoto: (image: string) => Promise<boolean>;
}

function DeviceCamera({ kind, transactionId, busy, onPhoto }: CameraProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>(() => (cameraApi() ? 'opening' : 'missing'));
  const [photo, setPhoto] = useState('');
  const [attempt, setAttempt] = useState(0);
  const facing = kind === 'face' ? 'user' : 'environment';
  const log = (event: Parameters<typeof logFaceEvent>[0]['event'], detail?: string) =>
    logFaceEvent({ ...(transactionId ? { transactionId } : {}), event, ...(detail ? { detail: detail.slice(0, 200) } : {}) });

  useEffect(() => {
    const media = cameraApi();
    if (!media) log('camera_missing', 'no mediaDevices');
    if (state !== 'opening' || !media) return;
    let cancelled = false;
    media.getUserMedia({ video: { facingMode: facing, width: { ideal: 1280 } }, audio: false }).then(
      (opened) => {
        if (cancelled) {
          for (const track of opened.getTracks()) track.stop();
          return;
        }
        stream.current = opened;
        setState('live');
      },
      (error: unknown) => {
        if (cancelled) return;
        const name = error instanceof DOMException ? error.name : 'Error';
        // NotFound / Overconstrained: there is no (suitable) camera; anything else is a refusal.
        const missing = name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError';
        setState(missing ? 'missing' : 'denied');
        log(missing ? 'camera_missing' : 'camera_denied', name);
      },
    );
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- opens once per attempt
  }, [state, attempt]);

  // The live picture goes to the <video> once it is on the page; the camera stops when the step ends.
  useEffect(() => {
    if (state === 'live' && video.current && stream.current) {
      video.current.srcObject = stream.current;
      void video.current.play().catch(() => undefined);
    }
  }, [state]);
  useEffect(() => () => stopCamera(stream), []);
  // The preview is shown from a blob: address (the page's policy shows no data: images).
  const [previewUrl, setPreviewUrl] = useState('');
  const shown = useRef('');
  const showPhoto = (image: string) => {
    if (shown.current) URL.revokeObjectURL(shown.current);
    shown.current = image ? URL.createObjectURL(dataUrlToBlob(image)) : '';
    setPhoto(image);
    setPreviewUrl(shown.current);
  };
  useEffect(() => () => void (shown.current && URL.revokeObjectURL(shown.current)), []);

  const capture = () => {
    const element = video.current;
    if (!element || element.videoWidth === 0) return;
    const image = fittedJpeg(element, element.videoWidth, element.videoHeight, KYC_IMAGE);
    stopCamera(stream);
    showPhoto(image);
    setState('preview');
    log('captured');
  };

  const fromFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      showPhoto(await resizeImage(file, KYC_IMAGE.maxSide, KYC_IMAGE.quality));
      setState('preview');
      log('file_fallback', file.type);
    } catch {
      log('no_face', 'unreadable file');
    }
  };

  const retake = () => {
    log('retry');
    showPhoto('');
    setAttempt((n) => n + 1);
    setState(cameraApi() ? 'opening' : 'missing');
  };

  const use = async () => {
    const accepted = await onPhoto(photo);
    if (!accepted) retake();
  };

  const frame = kind === 'face' ? styles.frameFace : styles.frameId;
  return (
    <div className={styles.section}>
      {(state === 'opening' || state === 'live' || state === 'preview') && (
        <div className={styles.camera}>
          {state === 'live' && (
            <video ref={video} className={styles.video} playsInline muted autoPlay aria-label={t('kyc.camera.capture')} />
          )}
          {state === 'preview' && previewUrl && <img src={previewUrl} alt={t('kyc.camera.preview')} className={styles.preview} />}
          {(state === 'live' || state === 'preview') && <div className={frame} aria-hidden="true" />}
        </div>
      )}
      {state === 'opening' && <p className={styles.text}>{t('kyc.camera.opening')}</p>}
      {state === 'denied' && (
        <p className={styles.warning} role="alert">
          {t('kyc.camera.denied')}
        </p>
      )}
      {state === 'missing' && (
        <p className={styles.warning} role="alert">
          {t('kyc.camera.notDetected')}
        </p>
      )}
      <div className={styles.actions}>
        {state === 'live' && (
          <Button block onClick={capture}>
            {t('kyc.camera.capture')}
          </Button>
        )}
        {state === 'preview' && (
          <>
            <Button block busy={busy} onClick={() => void use()}>
              {busy ? t('kyc.camera.checking') : t('kyc.camera.usePhoto')}
            </Button>
            <Button block variant="secondary" disabled={busy} onClick={retake}>
              {t('kyc.camera.retake')}
            </Button>
          </>
        )}
        {(state === 'denied' || state === 'missing') && (
          <label className={styles.fileButton}>
            <input
              className={styles.fileInput}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              capture={facing}
              onChange={(event) => void fromFile(event)}
            />
            {state === 'denied' ? t('kyc.camera.takeWithPhone') : t('kyc.camera.choosePhoto')}
          </label>
        )}
      </div>
    </div>
  );
}

/** The browser's camera access, absent on an insecure page or a browser without one. */
function cameraApi(): MediaDevices | undefined {
  const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
  return typeof media?.getUserMedia === 'function' ? media : undefined;
}

function stopCamera(stream: { current: MediaStream | null }): void {
  for (const track of stream.current?.getTracks() ?? []) track.stop();
  stream.current = null;
}
