import { useTranslation } from 'react-i18next';
import type { LiveState, Match } from '../../contract/feed';
import { kickoffLabel } from '../../lib/dates';
import { formatClock, periodLabel } from '../../lib/periods';
import { useMatchClock } from './clock';
import styles from './MatchRow.module.css';

/** Period label (spec §4) and the running clock of a match in play. */
export function LiveStatus({ sportTypeId, live }: { sportTypeId: string; live: LiveState }) {
  const { t } = useTranslation();
  const seconds = useMatchClock(live);
  const label = periodLabel(sportTypeId, live);
  const showClock = !live.isHT && !live.delayLive && live.livePeriod > 0 && live.inPlayTime3 > 0;
  return (
    <span className={styles.live}>
      <span className={styles.liveDot} aria-hidden="true" />
      {t(label.key, label.values ?? {})}
      {showClock && <span className={styles.clock}>{formatClock(seconds)}</span>}
    </span>
  );
}

/** The time line of a match: its period and clock in play (spec §4 labels), else TODAY / TOMORROW / MMM DD and HH:mm. */
export function MatchStatus({ match, now }: { match: Match; now: number }) {
  const { t } = useTranslation();
  if (match.runningStatus === '0' && match.live) return <LiveStatus sportTypeId={match.sportTypeId} live={match.live} />;
  const when = kickoffLabel(match.kickoff, now);
  return (
    <span className={styles.when}>
      {when.day === 'date' ? when.date : t(when.day === 'today' ? 'sports.today' : 'sports.tomorrow')} {when.time}
    </span>
  );
}

/** Over a live view while the socket is down: what is shown may be out of date. */
export function ReconnectingBanner() {
  const { t } = useTranslation();
  return (
    <div className={styles.banner} role="status">
      {t('sports.reconnecting')}
    </div>
  );
}
