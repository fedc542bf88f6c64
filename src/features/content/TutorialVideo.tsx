import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/instance';
import type { TutorialVideoAnswer } from '../../contract/answers/video';
import { TUTORIAL_VIDEO_CALL, type TutorialVideo as TutorialId } from '../../contract/video';
import { dataSaver as dataSaverMode } from '../../stores/dataSaver';
import { Button } from '../../ui/Button';
import { HlsVideo } from '../../ui/HlsVideo';
import hlsStyles from '../../ui/HlsVideo.module.css';
import { useModal } from '../../ui/useModal';
import styles from './Doc.module.css';

/**
 * /teach's tutorial video (issue 37): a button opens it over the page in a modal dialog (focus kept
 * inside, Escape or the close button or a tap outside closes it, the focus back on the button), played
 * from the video provider (video/tutorial) with its captions when the provider has them. It starts by
 * itself unless data-saver mode is on; the playlist is asked only once the player opens it.
 */
export function TutorialVideo({ id }: { id: TutorialId }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Once the dialog is gone (while it is open the page behind it is inert), the focus goes back to the button.
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const close = () => setOpen(false);
  return (
    <div className={styles.tutorial}>
      <Button ref={opener} variant="secondary" onClick={() => setOpen(true)} data-testid="tutorial-open">
        {t('c3735.tutorial.watch')}
      </Button>
      {open && <TutorialDialog id={id} onClose={close} />}
    </div>
  );
}

function TutorialDialog({ id, onClose }: { id: TutorialId; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useModal(ref, onClose);
  const { data, isError, refetch } = useQuery({
    queryKey: ['main', TUTORIAL_VIDEO_CALL, id],
    queryFn: () => api.call<TutorialVideoAnswer>('main', TUTORIAL_VIDEO_CALL, { id }),
    staleTime: 60_000,
  });
  const [failed, setFailed] = useState(false);
  const [dataSaver] = useState(() => dataSaverMode.on);
  return (
    <dialog ref={ref} className={styles.tutorialDialog} aria-labelledby="tutorial-title" data-testid="tutorial-dialog">
      <div className={styles.tutorialHead}>
        <h2 id="tutorial-title" className={styles.tutorialTitle}>
          {t('c3735.tutorial.title')}
        </h2>
        <Button variant="secondary" onClick={onClose} data-testid="tutorial-close">
          {t('c3735.tutorial.close')}
        </Button>
      </div>
      <div className={hlsStyles.frame}>
        {data && !failed && !isError && (
          <HlsVideo
            src={data.url}
            autoPlay={!dataSaver}
            label={t('c3735.tutorial.title')}
            captions={data.captions ? { src: data.captions, lang: 'en', label: t('c3735.tutorial.captions') } : undefined}
            onFailed={() => setFailed(true)}
          />
        )}
      </div>
      {(failed || isError) && (
        <p role="alert" className={styles.tutorialNote}>
          {t('c3735.tutorial.failed')}{' '}
          <Button
            variant="secondary"
            onClick={() => {
              setFailed(false);
              void refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        </p>
      )}
      {data && !data.captions && <p className={styles.tutorialNote}>{t('c3735.tutorial.noCaptions')}</p>}
    </dialog>
  );
}
