import { useTranslation } from 'react-i18next';
import type { Match } from '../../contract/feed';
import { SportTypeId } from '../../contract/sports';
import { kickoffLabel } from '../../lib/dates';
import styles from './LiveMatch.module.css';
import { LiveStatus } from './MatchStatus';

/** What one column of the per-period table is called: Q1…, Set 1…, Map 1…, 1H/2H. */
function periodHeading(sportTypeId: string, index: number): string {
  const n = index + 1;
  switch (sportTypeId) {
    case SportTypeId.Basketball:
      return n > 4 ? 'OT' : `Q${n}`;
    case SportTypeId.Football:
      return `${n}H`;
    case SportTypeId.IceHockey:
      return n === 4 ? 'OT' : n === 5 ? 'SO' : `P${n}`;
    case SportTypeId.ESports:
      return `M${n}`;
    case SportTypeId.Baseball:
      return String(n);
    default:
      return `S${n}`;
  }
}

/** The live match page's header: teams, score, period and clock, and the score of every period so far. */
export function Scoreboard({ match, now }: { match: Match; now: number }) {
  const { t } = useTranslation();
  const live = match.runningStatus === '0' ? match.live : null;
  const when = kickoffLabel(match.kickoff, now);
  const periods = live?.periodScores ?? [];
  return (
    <section className={styles.scoreboard} aria-label={`${match.homeName} ${t('sports.vs')} ${match.awayName}`} data-testid="scoreboard">
      <p className={styles.league}>{match.leagueName}</p>
      <div className={styles.teams}>
        <span className={styles.teamName} data-testid="home-name">
          {match.homeName}
        </span>
        <div className={styles.centre}>
          {live ? (
            <>
              <span className={styles.bigScore} data-testid="score">
                {live.homeScore} – {live.awayScore}
              </span>
              <LiveStatus sportTypeId={match.sportTypeId} live={live} />
              {live.tennisPoints && (
                <span className={styles.points}>
                  {live.tennisPoints.home} : {live.tennisPoints.away}
                </span>
              )}
              {live.bestOfMap ? <span className={styles.bestOf}>BO{live.bestOfMap}</span> : null}
            </>
          ) : (
            <span className={styles.kickoff}>
              {t('match.kickoff', {
                time: `${when.day === 'date' ? when.date : t(when.day === 'today' ? 'sports.today' : 'sports.tomorrow')} ${when.time}`,
              })}
            </span>
          )}
        </div>
        <span className={`${styles.teamName} ${styles.away}`} data-testid="away-name">
          {match.awayName}
        </span>
      </div>
      {periods.length > 0 && (
        <table className={styles.periods}>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('match.standingTeam')}</span>
              </th>
              {periods.map((_, index) => (
                <th key={index} scope="col">
                  {periodHeading(match.sportTypeId, index)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{match.homeName}</th>
              {periods.map((p, index) => (
                <td key={index}>{p.home}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">{match.awayName}</th>
              {periods.map((p, index) => (
                <td key={index}>{p.away}</td>
              ))}
            </tr>
          </tbody>
        </table>
      )}
    </section>
  );
}
