import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type BetTicket, type TicketLeg, isOpenTicket } from '../../contract/betting';
import { formatDateTime } from '../../lib/dates';
import { formatCentavos } from '../../lib/money';
import { formatOdds } from '../../lib/odds';
import { pickText } from '../../lib/marketLabels';
import styles from './Bets.module.css';
import { CashOut } from './CashOut';

const SETTLED_GOOD = new Set(['won', 'halfWon']);

export function StatusBadge({ status }: { status: BetTicket['status'] }) {
  const { t } = useTranslation();
  const tone = SETTLED_GOOD.has(status)
    ? styles.good
    : status === 'lost' || status === 'reject'
      ? styles.bad
      : status === 'running' || status === 'waiting'
        ? styles.open
        : styles.neutral;
  return (
    <span className={`${styles.badge} ${tone}`} data-testid="ticket-status">
      {t(`bets.statuses.${status}`)}
    </span>
  );
}

/** A leg in words: the pick, its market and match, and how it ended. */
export function LegLine({ leg, oddsType, odds = true }: { leg: TicketLeg; oddsType: BetTicket['oddsType']; odds?: boolean }) {
  const { t } = useTranslation();
  const pick = leg.teamName ?? (leg.playerName ? `${leg.playerName} ${pickText(leg)}` : pickText(leg));
  const match = leg.homeName ? `${leg.homeName} ${t('sports.vs')} ${leg.awayName}` : leg.leagueName;
  return (
    <div className={styles.leg}>
      <div className={styles.legMain}>
        <span className={styles.pick}>{pick}</span>
        {odds && <span className={styles.legOdds}>@ {formatOdds(leg.price, oddsType)}</span>}
      </div>
      <span className={styles.legSub}>
        {leg.betTypeName} · {match}
      </span>
      {leg.outcome !== 'running' && (
        <span className={styles.legSub}>
          <strong className={SETTLED_GOOD.has(leg.outcome) ? styles.goodText : leg.outcome === 'lost' ? styles.badText : undefined}>
            {t(`bets.outcomes.${leg.outcome}`)}
          </strong>
          {/* An outright's result is its winner, a match market's the score it settled on. */}
          {leg.score ? ` · ${leg.teamName ? t('bets.winner', { name: leg.score }) : t('bets.score', { score: leg.score })}` : ''}
        </span>
      )}
    </div>
  );
}

/**
 * One ticket in My Bets: status, what it is, stake and return; a tap opens its details. Running: its cash-out.
 * `compact` (the match page): only the legs on `matchId` (the others counted) and no time.
 */
export function TicketCard({
  ticket,
  cashout,
  compact,
}: {
  ticket: BetTicket;
  cashout?: number | null | undefined;
  compact?: { matchId: string } | undefined;
}) {
  const { t, i18n } = useTranslation();
  const settled = !isOpenTicket(ticket.status);
  const title =
    ticket.mode === 'parlay'
      ? (ticket.combos ?? []).map((c) => c.comboType).join(' + ') || t('slip.modes.parlay')
      : ticket.mode === 'builder'
        ? // A builder's price is the combination's (issue 38), not its legs' prices multiplied: it shows once.
          `${t('slip.modes.builder')} @ ${formatOdds(ticket.odds, ticket.oddsType)}`
        : t(`slip.modes.${ticket.mode}`);
  const shown = compact ? ticket.legs.filter((leg) => leg.matchId === compact.matchId).slice(0, 2) : ticket.legs.slice(0, 3);
  return (
    <li className={styles.card} data-testid="ticket" data-trans={ticket.transId} data-status={ticket.status}>
      <Link to="/history-detail" search={{ transId: ticket.transId }} className={styles.cardLink}>
        <div className={styles.cardHead}>
          <span className={styles.cardTitle}>{title}</span>
          <StatusBadge status={ticket.status} />
        </div>
        {shown.map((leg) => (
          <LegLine key={`${leg.marketId}:${leg.key}`} leg={leg} oddsType={ticket.oddsType} odds={ticket.mode !== 'builder'} />
        ))}
        {ticket.legs.length > shown.length && <span className={styles.more}>+{ticket.legs.length - shown.length}</span>}
        <dl className={styles.money}>
          <div>
            <dt>{t('bets.stake')}</dt>
            <dd>{formatCentavos(ticket.stake)}</dd>
          </div>
          <div>
            <dt>{settled ? t('bets.returned') : t('bets.toReturn')}</dt>
            <dd className={styles.payout} data-testid="ticket-payout">
              {formatCentavos(ticket.payout)}
            </dd>
          </div>
        </dl>
        {!compact && <span className={styles.when}>{formatDateTime(ticket.createdAt, i18n.language)}</span>}
      </Link>
      <CashOut ticket={ticket} value={cashout} />
    </li>
  );
}
