import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { formatCentavos } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { Skeleton } from '../../ui/Skeleton';
import { type Tournament, tournamentsQuery } from './api';
import styles from './Campaigns.module.css';

/**
 * /rtgGameTournament (issue 35): the slot tournaments, each with its rule in plain words, its prizes, the
 * standings (others' names masked) and the player's own place, asked again every 30 s while running; a
 * paid tournament shows what each place was paid. None running: the page says so.
 */
export function TournamentPage() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(tournamentsQuery);
  return (
    <PageLayout>
      <div className={styles.page}>
        {isPending ? (
          <div role="status" aria-label={t('common.loading')}>
            <Skeleton height={200} radius={12} />
          </div>
        ) : isError ? (
          <Notice icon="star" title={t('campaigns.failed')} role="alert">
            <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
          </Notice>
        ) : data.tournaments.length === 0 ? (
          <Notice icon="star" title={t('campaigns.tournament.none')} />
        ) : (
          data.tournaments.map((tournament) => <TournamentCard key={tournament.id} tournament={tournament} />)
        )}
      </div>
    </PageLayout>
  );
}

function TournamentCard({ tournament }: { tournament: Tournament }) {
  const { t, i18n } = useTranslation();
  const headingId = `tournament-${tournament.id}`;
  const mineShown = tournament.standings.some((row) => row.me);
  return (
    <article className={styles.card} aria-labelledby={headingId} data-testid="tournament">
      <div className={styles.head}>
        <h2 className={styles.title} id={headingId}>
          {tournament.title}
        </h2>
        <span className={styles.badge}>{t(`campaigns.tournament.status.${tournament.status}`)}</span>
      </div>
      <p className={styles.dim}>{tournament.summary}</p>
      <p className={styles.dim}>
        {formatDateTime(tournament.startsAt, i18n.language)} – {formatDateTime(tournament.endsAt, i18n.language)}
      </p>
      <ul className={styles.terms}>
        {tournament.terms.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <table className={styles.standings}>
        <caption className={styles.dim}>{t('campaigns.tournament.standings')}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('campaigns.tournament.player')}</th>
            <th scope="col">{t('campaigns.tournament.score')}</th>
            <th scope="col">{t('campaigns.tournament.prize')}</th>
          </tr>
        </thead>
        <tbody>
          {tournament.standings.length === 0 ? (
            <tr>
              <td colSpan={4}>{t('campaigns.tournament.noScores')}</td>
            </tr>
          ) : (
            tournament.standings.map((row) => <Standing key={row.place} row={row} />)
          )}
          {tournament.mine && !mineShown && <Standing row={tournament.mine} />}
        </tbody>
      </table>
    </article>
  );
}

function Standing({ row }: { row: Tournament['standings'][number] }) {
  return (
    <tr className={row.me ? styles.me : undefined} data-testid={row.me ? 'tournament-me' : undefined}>
      <td>{row.place}</td>
      <td>{row.name}</td>
      <td>{formatCentavos(row.score)}</td>
      <td>{row.prize > 0 ? formatCentavos(row.prize) : '–'}</td>
    </tr>
  );
}
