import { useTranslation } from 'react-i18next';
import type { Match } from '../../contract/feed';
import { kickoffLabel } from '../../lib/dates';
import { formatClock, periodLabel } from '../../lib/periods';
import styles from './MatchRow.module.css';

/** The time line of a match: its period and clock in play (spec §4 labels), else TODAY / TOMORROW / MMM DD and HH:mm. */
export function MatchStatus({ match, now }: { match: Match; now: number }) {
  const { t } = useTranslation();
  if (match.runningStatus === '0' && match.live) {
    const label = periodLabel(match.sportTypeId, match.live);
    const showClock = !match.live.isHT && !match.live.delayLive && match.live.livePeriod > 0 && match.live.inPlayTime3 > 0;
    return (
      <span className={styles.live}>
        <span className={styles.liveDot} aria-hidden="true" />
        {t(label.key, label.values ?? {})}
        {showClock && <span className={styles.clock}>{formatClock(match.live.inPlayTime3)}</span>}
      </span>
    );
  }
  const when = kickoffLabel(match.kickoff, now);
  return (
    <span className={styles.when}>
      {when.day === 'date' ? when.date : t(when.day === 'today' ? 'sports.today' : 'sports.tomorrow')} {when.time}
    </span>
  );
}
