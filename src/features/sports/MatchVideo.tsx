import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchStreamsQuery } from '../../api/video';
import { usePainted } from '../../hooks/usePainted';
import { Icon } from '../../ui/Icon';
import { MatchStream } from '../../ui/MatchStream';
import styles from './LiveMatch.module.css';

/**
 * The live match page's video (spec §3 match video, §4 "Video"): nothing is downloaded until the player
 * asks (mobile data is dear; the HLS player itself is loaded then). The sources come from the server in
 * the order to try them; the player (src/ui/SourcePlayer.tsx) moves to the next on failure and says
 * 'video not found' when none plays.
 */
export function MatchVideo({ matchId, title }: { matchId: string; title: string }) {
  const { t } = useTranslation();
  // Looked up once the match is on screen: the scoreboard and prices first (Lighthouse counted this
  // request, which the first frame does not need, in the live match's largest paint).
  const painted = usePainted();
  const { data, isError } = useQuery({ ...matchStreamsQuery(matchId), enabled: painted });
  const [open, setOpen] = useState(false);

  if (open) return <MatchStream matchId={matchId} label={t('video.label', { match: title })} />;
  // None offered (this sport's video is off, or its providers are not offered to this player).
  if (data && data.sources.length === 0) {
    return (
      <p className={styles.noVideo} role="status" data-testid="video-status">
        {t('match.videoNotFound')}
      </p>
    );
  }
  // The button holds its place while the sources are looked up, so the markets under it do not move down
  // when they arrive (CLS, issue 31); there is nothing to start until they do.
  const looking = data === undefined && !isError;
  return (
    <button type="button" className={styles.watch} onClick={() => setOpen(true)} disabled={looking} data-testid="watch">
      <Icon name="play" size={16} />
      {t('match.watch')}
    </button>
  );
}
