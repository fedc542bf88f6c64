import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataSaver as dataSaverMode } from '../../stores/dataSaver';
import { Button } from '../../ui/Button';
import { HlsVideo } from '../../ui/HlsVideo';
import hlsStyles from '../../ui/HlsVideo.module.css';
import { PageLayout } from '../../ui/PageLayout';
import { testStreamQuery } from './api';
import styles from './Video.module.css';

/**
 * /video_test: checks that live video plays on this device and connection (the provider's test stream,
 * several bitrates), and says so plainly.
 */
export function VideoTestPage() {
  const { t } = useTranslation();
  const { data, isError, refetch } = useQuery(testStreamQuery);
  const [state, setState] = useState<'waiting' | 'playing' | 'failed'>('waiting');
  // Data-saver mode as the player opened the page (src/stores/dataSaver.ts): nothing starts by itself.
  const [dataSaver] = useState(() => dataSaverMode.on);
  const failed = state === 'failed' || isError;

  return (
    <PageLayout flush>
      <div className={hlsStyles.frame}>
        {data && !failed && (
          <HlsVideo
            src={data.url}
            autoPlay={!dataSaver}
            label={t('video.testLabel')}
            onPlaying={() => setState('playing')}
            onFailed={() => setState('failed')}
          />
        )}
      </div>
      <p className={styles.status} role="status" data-testid="video-test-status">
        {failed
          ? t('video.testFailed')
          : state === 'playing'
            ? t('video.testPlaying')
            : dataSaver
              ? t('video.dataSaver')
              : t('match.videoTrying')}
      </p>
      {failed && (
        <div className={styles.now}>
          <Button
            variant="secondary"
            onClick={() => {
              setState('waiting');
              void refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        </div>
      )}
    </PageLayout>
  );
}
