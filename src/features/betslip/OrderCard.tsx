import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { promotionListQuery } from '../../api/queries';
import { useLoggedIn } from '../../hooks/useLoggedIn';
import { useSnapshot } from 'valtio';
import { betReturn, oddsHundredths } from '../../contract/betting';
import type { BetOrder } from '../../contract/betOrder';
import { pickText } from '../../lib/marketLabels';
import { formatCentavos } from '../../lib/money';
import { formatOdds } from '../../lib/odds';
import { preferences } from '../../stores/preferences';
import { Icon } from '../../ui/Icon';
import styles from './BetSlip.module.css';
import { StakeInput } from './StakeInput';
import { betSlip, chooseFreeBet, removeOrders, setStake } from './store';

/**
 * One order on the slip: the pick, its market and match, its live price (the old one struck through
 * while a change waits for the player), what is wrong with it, and its own stake where the mode has one.
 */
export function OrderCard({ order, withStake, focus }: { order: BetOrder; withStake: boolean; focus: (uid: string) => void }) {
  const { t } = useTranslation();
  const { oddsType } = useSnapshot(preferences);
  const { stakes, changes, legMessages, marks, mode, freeBetOf } = useSnapshot(betSlip);
  const freeBet = freeBetOf[order.uid];
  const change = changes[order.uid];
  const closed = order.marketStatus !== 'Running';
  const title = order.outrightOddsId ? order.leagueName : `${order.homeName} ${t('sports.vs')} ${order.awayName}`;
  const pick = order.outrightOddsId ? (order.teamName ?? order.keyEn) : pickText(order);
  const market = order.playerName ? `${order.playerName} · ${order.betTypeName}` : order.betTypeName;
  const stake = stakes[order.uid] ?? 0;
  return (
    <li className={`${styles.order} ${closed ? styles.closed : ''}`} data-testid="slip-order" data-uid={order.uid}>
      <div className={styles.orderHead}>
        <div className={styles.orderText}>
          <span className={styles.pick}>{pick}</span>
          <span className={styles.market}>{market}</span>
          <span className={styles.match}>{title}</span>
        </div>
        <div className={styles.oddsBox}>
          {change ? (
            <>
              <s className={styles.oldOdds}>{formatOdds(order.odds, oddsType)}</s>
              <span className={`${styles.odds} ${change.odds > order.odds ? styles.up : styles.down}`}>
                {formatOdds(change.odds, oddsType)}
              </span>
            </>
          ) : (
            <span className={styles.odds}>{formatOdds(order.odds, oddsType)}</span>
          )}
        </div>
        <button
          type="button"
          className={styles.remove}
          onClick={() => removeOrders([order.uid])}
          aria-label={t('slip.remove', { name: pick })}
        >
          <Icon name="close" size={16} />
        </button>
      </div>
      {closed && <p className={styles.warn}>{t('slip.marketStatus', { status: order.marketStatus })}</p>}
      {change && !closed && <p className={styles.warn}>{t('slip.oddsChanged')}</p>}
      {legMessages[order.uid] && <p className={styles.warn}>{legMessages[order.uid]}</p>}
      {marks[order.uid] && <p className={styles.warn}>{t(marks[order.uid] === 'abnormal' ? 'slip.abnormalOdds' : 'slip.payoutLimit')}</p>}
      {withStake && mode === 'single' && !order.outrightOddsId && <FreeBetChoice order={order} />}
      {withStake && freeBet && (
        <p className={styles.freeBetNote} data-testid="slip-free-bet">
          {t('slip.freeBetStake', {
            amount: formatCentavos(freeBet.amount),
            winnings: formatCentavos(
              Math.max(betReturn(freeBet.amount, [{ oddsH: oddsHundredths(order.odds), outcome: 'running' }]) - freeBet.amount, 0),
            ),
          })}
        </p>
      )}
      {withStake && !freeBet && (
        <div className={styles.stakeRow}>
          <StakeInput
            label={t('slip.stakeFor', { name: pick })}
            value={stake}
            onFocus={() => focus(order.uid)}
            onChange={(pesos) => setStake(order.uid, pesos)}
          />
          <span className={styles.toWin}>
            {formatCentavos(betReturn(stake * 100, [{ oddsH: oddsHundredths(order.odds), outcome: 'running' }]))}
          </span>
        </div>
      )}
    </li>
  );
}

/**
 * The player's free bets (issue 35) for a single: a box to pay the stake with one (its whole amount; the
 * stake is not returned on a win). Only tokens no other order of the slip took, at odds the token allows.
 */
function FreeBetChoice({ order }: { order: BetOrder }) {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const { freeBetOf } = useSnapshot(betSlip);
  const { data } = useQuery({ ...promotionListQuery, enabled: loggedIn });
  const mine = freeBetOf[order.uid];
  const takenElsewhere = new Set(
    Object.entries(freeBetOf)
      .filter(([uid]) => uid !== order.uid)
      .map(([, token]) => token.freeBetId),
  );
  const token =
    (mine && data?.freeBets.find((f) => f.freeBetId === mine.freeBetId)) ??
    data?.freeBets.find((f) => f.status === 'active' && !takenElsewhere.has(f.freeBetId) && order.odds >= f.minOdds);
  if (!token) return null;
  return (
    <label className={styles.freeBetChoice}>
      <input
        type="checkbox"
        checked={mine !== undefined}
        onChange={(event) => chooseFreeBet(order.uid, event.target.checked ? { freeBetId: token.freeBetId, amount: token.amount } : null)}
        data-testid="slip-use-free-bet"
      />
      {t('slip.useFreeBet', { amount: formatCentavos(token.amount) })}
    </label>
  );
}
