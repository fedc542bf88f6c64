import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCashoutValues } from '../../realtime/cashout';
import { betListQuery } from './api';
import styles from './Bets.module.css';
import { useBetPushes } from './pushes';
import { TicketCard } from './TicketCard';

/** How many of a match's open tickets its page shows; the rest are a link to My Bets. */
const SHOWN = 5;

/**
 * The player's open tickets on one match, compact, on the match page (issue 38: the cash-out quote is live
 * "in My Bets and the match page"): each with its live cash-out value from the worker, "Cash out is
 * paused" while a leg's market is suspended, and the same full, partial and auto cash-out as My Bets.
 * Nothing at all when the player has no open ticket on the match.
 */
export function MatchTickets({ matchId }: { matchId: string }) {
  const { t } = useTranslation();
  useBetPushes();
  const { data } = useInfiniteQuery(betListQuery({ status: 'running', matchId }));
  const first = data?.pages[0];
  const tickets = first?.tickets.slice(0, SHOWN) ?? [];
  const cashouts = useCashoutValues(tickets);
  if (!first || tickets.length === 0) return null;
  return (
    <section className={styles.matchTickets} aria-labelledby="match-tickets-title" data-testid="match-tickets">
      <h2 id="match-tickets-title" className={styles.matchTicketsTitle}>
        {t('bets38.matchTickets', { count: first.total })}
      </h2>
      <ul className={styles.matchTicketList}>
        {tickets.map((ticket) => (
          <TicketCard key={ticket.transId} ticket={ticket} cashout={cashouts.get(ticket.transId)} compact={{ matchId }} />
        ))}
      </ul>
      {first.total > tickets.length && (
        <Link to="/betRecord" className={styles.matchTicketsMore}>
          {t('bets38.allOpen', { count: first.total })}
        </Link>
      )}
    </section>
  );
}
