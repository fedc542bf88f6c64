import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { subscribe } from 'valtio/vanilla';
import {
  type BetMode,
  availableCombos,
  betReturn,
  normalizeStake,
  oddsHundredths,
  parlayPotentialReturn,
  parlayTotalStake,
} from '../../contract/betting';
import type { BetOrder } from '../../contract/betOrder';
import { STAKE_CAP } from '../../contract/constants';
import { formatCentavos } from '../../lib/money';
import { formatOdds } from '../../lib/odds';
import { pay } from '../../stores/pay';
import { preferences } from '../../stores/preferences';
import { session } from '../../stores/session';
import { type OverlayComponentProps, openLogin } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Sheet } from '../../ui/Sheet';
import { TabBar, tabStyles } from '../../ui/Tabs';
import { pickText } from '../../lib/marketLabels';
import styles from './BetSlip.module.css';
import { BetResultView } from './BetResultView';
import { acceptChanges, betResult, placeSlip, slipState } from './place';
import { ordersForMode, orderKind, slipProblem } from './rules';
import { addQuickStake, betSlip, removeOrders, setComboStake, setEndingGameStake, setStake } from './store';
import { useOrderRefresh } from './useOrderRefresh';

/** Quick stakes in pesos: a tap adds the amount to the stake being edited. */
const QUICK_STAKES = [50, 100, 500, 1_000] as const;

function StakeInput({
  label,
  value,
  onChange,
  onFocus,
}: {
  label: string;
  value: number;
  onChange: (pesos: number) => void;
  onFocus?: () => void;
}) {
  return (
    <label className={styles.stake}>
      <span className={styles.peso} aria-hidden="true">
        ₱
      </span>
      <input
        className={styles.stakeInput}
        inputMode="numeric"
        pattern="[0-9]*"
        enterKeyHint="done"
        aria-label={label}
        placeholder="0"
        value={value > 0 ? String(value) : ''}
        onFocus={onFocus}
        onChange={(event) => onChange(normalizeStake(Number(event.target.value.replace(/[^\d]/g, '')), STAKE_CAP))}
        data-testid="stake-input"
      />
    </label>
  );
}

function OrderCard({ order, withStake, focus }: { order: BetOrder; withStake: boolean; focus: (uid: string) => void }) {
  const { t } = useTranslation();
  const { oddsType } = useSnapshot(preferences);
  const { stakes } = useSnapshot(betSlip);
  const { changes, legMessages, marks } = useSnapshot(slipState);
  const change = changes[order.uid];
  const closed = order.marketStatus !== 'Running';
  const title = order.outrightOddsId ? order.leagueName : `${order.homeName} ${t('sports.vs')} ${order.awayName}`;
  const pick = order.outrightOddsId ? (order.teamName ?? order.keyEn) : pickText(order);
  const market = order.playerName ? `${order.playerName} · ${order.betTypeName}` : order.betTypeName;
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
      {withStake && (
        <div className={styles.stakeRow}>
          <StakeInput
            label={t('slip.stakeFor', { name: pick })}
            value={stakes[order.uid] ?? 0}
            onFocus={() => focus(order.uid)}
            onChange={(pesos) => setStake(order.uid, pesos)}
          />
          <span className={styles.toWin}>
            {formatCentavos(betReturn((stakes[order.uid] ?? 0) * 100, [{ oddsH: oddsHundredths(order.odds), outcome: 'running' }]))}
          </span>
        </div>
      )}
    </li>
  );
}

/**
 * The bet slip (spec §4): modes Single, Parlay, Ending game, and Outright / Player when the slip holds
 * such picks; each order with its live price and status (refreshed in the realtime worker), stakes,
 * quick stakes, the total and the potential return; then placing, and the result.
 */
export function BetSlipSheet({ onClose }: OverlayComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const slip = useSnapshot(betSlip);
  const { changes } = useSnapshot(slipState);
  const { current: result } = useSnapshot(betResult);
  const { user, webToken } = useSnapshot(session);
  const { balance } = useSnapshot(pay);
  const loggedIn = Boolean(user?.loginName && webToken.token);
  const [focused, setFocused] = useState<string>('');
  const [busy, setBusy] = useState(false);

  const orders = ordersForMode(slip.orders as BetOrder[], slip.mode);
  useOrderRefresh(orders, slip.mode);

  // Spec §4: the slip closes on a change of login name, odds type or layout.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => {
    const start = { login: session.user?.loginName, odds: preferences.oddsType, layout: preferences.layout };
    const stopSession = subscribe(session, () => session.user?.loginName !== start.login && closeRef.current());
    const stopPrefs = subscribe(preferences, () => {
      if (preferences.oddsType !== start.odds || preferences.layout !== start.layout) closeRef.current();
    });
    return () => {
      stopSession();
      stopPrefs();
    };
  }, []);

  useEffect(() => () => void (betResult.current = null), []);

  const kinds = new Set(slip.orders.map((o) => orderKind(o)));
  const modes: BetMode[] = ['single', 'parlay', 'endingGame'];
  if (kinds.has('outright')) modes.push('outright');
  if (kinds.has('player')) modes.push('player');
  const otherModes = slip.orders.length - orders.length;

  const combos = slip.mode === 'parlay' ? availableCombos(orders.length) : [];
  const comboStakes = combos.map((c) => ({ size: c.size, stakeCentavos: normalizeStake(slip.comboStakes[c.comboType] ?? 0) * 100 }));
  const legOdds = orders.map((o) => oddsHundredths(o.odds));
  const totals =
    slip.mode === 'parlay'
      ? { stake: parlayTotalStake(orders.length, comboStakes), toReturn: parlayPotentialReturn(legOdds, comboStakes) }
      : slip.mode === 'endingGame'
        ? {
            stake: orders.length * normalizeStake(slip.endingGameStake) * 100,
            toReturn: orders.reduce(
              (sum, o) =>
                sum + betReturn(normalizeStake(slip.endingGameStake) * 100, [{ oddsH: oddsHundredths(o.odds), outcome: 'running' }]),
              0,
            ),
          }
        : {
            stake: orders.reduce((sum, o) => sum + normalizeStake(slip.stakes[o.uid] ?? 0) * 100, 0),
            toReturn: orders.reduce(
              (sum, o) =>
                sum + betReturn(normalizeStake(slip.stakes[o.uid] ?? 0) * 100, [{ oddsH: oddsHundredths(o.odds), outcome: 'running' }]),
              0,
            ),
          };

  const unaccepted = orders.filter((o) => changes[o.uid]).map((o) => o.uid);
  const problem = slipProblem({
    mode: slip.mode,
    loggedIn,
    firstDeposit: Boolean(user?.firstDepositFlag),
    orders,
    stakes: slip.stakes,
    comboStakes: slip.comboStakes,
    endingGameStake: slip.endingGameStake,
    unacceptedChanges: unaccepted,
  });

  // The combo of every leg (Trebles on three legs…) is the parlay most players mean: it sits with the
  // totals, and quick stakes go to it unless the player is typing another combo's stake.
  const fullFold = combos.find((c) => c.size === orders.length);
  const otherCombos = combos.filter((c) => c !== fullFold);
  const comboRow = (combo: (typeof combos)[number]) => (
    <li key={combo.comboType} className={styles.combo} data-testid="combo-row" data-combo={combo.comboType}>
      <span className={styles.comboName}>
        {combo.comboType}
        <span className={styles.comboBets}>
          {t('slip.bets', { count: combo.bets })} · {t('slip.perBet')}
        </span>
      </span>
      <StakeInput
        label={t('slip.stakeFor', { name: combo.comboType })}
        value={slip.comboStakes[combo.comboType] ?? 0}
        onFocus={() => setFocused(combo.comboType)}
        onChange={(pesos) => setComboStake(combo.comboType, pesos)}
      />
    </li>
  );

  const addQuick = (pesos: number) => {
    const target =
      slip.mode === 'parlay'
        ? combos.some((c) => c.comboType === focused)
          ? focused
          : fullFold?.comboType
        : orders.some((o) => o.uid === focused)
          ? focused
          : orders[0]?.uid;
    addQuickStake(target, pesos);
  };

  const place = async () => {
    if (!loggedIn) return openLogin();
    setBusy(true);
    try {
      await placeSlip();
    } finally {
      setBusy(false);
    }
  };

  const action = (() => {
    if (problem?.key === 'slip.loginRequired')
      return (
        <Button block onClick={() => openLogin()}>
          {t('common.login')}
        </Button>
      );
    if (problem?.key === 'slip.oddsChanged')
      return (
        <Button block onClick={acceptChanges}>
          {t('slip.acceptOdds')}
        </Button>
      );
    if (problem?.key === 'slip.firstDeposit')
      return (
        <Button
          block
          onClick={() => {
            onClose();
            void navigate({ to: '/wallet/deposit' });
          }}
        >
          {t('slip.go')}
        </Button>
      );
    const count = slip.mode === 'parlay' ? 1 : orders.length;
    return (
      <Button block busy={busy} disabled={problem !== null || busy} onClick={() => void place()} data-testid="place-bet">
        {count > 1 ? t('slip.placeMany', { count }) : t('slip.place')}
      </Button>
    );
  })();

  if (result && result.status !== 'idle') {
    return (
      <Sheet title={t('slip.title')} closeLabel={t('common.close')} onClose={onClose}>
        <BetResultView
          onDone={onClose}
          onMyBets={() => {
            onClose();
            void navigate({ to: '/betRecord' });
          }}
          onBack={() => (betResult.current = null)}
        />
      </Sheet>
    );
  }

  return (
    <Sheet
      title={t('slip.title')}
      closeLabel={t('common.close')}
      onClose={onClose}
      testId="slip"
      footer={
        <div className={styles.footer}>
          {/* The stake zone stays in reach of the thumb however long the slip: the full parlay or
              the ending-game stake, and the quick stakes. */}
          {fullFold && <ul className={styles.combos}>{comboRow(fullFold)}</ul>}
          {slip.mode === 'endingGame' && orders.length > 0 && (
            <div className={styles.combo}>
              <span className={styles.comboName}>{t('slip.options', { count: orders.length })}</span>
              <StakeInput label={t('slip.stake')} value={slip.endingGameStake} onChange={setEndingGameStake} />
            </div>
          )}
          {orders.length > 0 && (
            <div className={styles.quick} role="group" aria-label={t('slip.quickStakes')}>
              {QUICK_STAKES.map((pesos) => (
                <button key={pesos} type="button" className={styles.chip} onClick={() => addQuick(pesos)}>
                  +{pesos.toLocaleString('en-PH')}
                </button>
              ))}
            </div>
          )}
          <dl className={styles.totals}>
            <div>
              <dt>{t('slip.totalStake')}</dt>
              <dd data-testid="total-stake">{formatCentavos(totals.stake)}</dd>
            </div>
            <div>
              <dt>{t('slip.potentialReturn')}</dt>
              <dd className={styles.return} data-testid="potential-return">
                {formatCentavos(totals.toReturn)}
              </dd>
            </div>
          </dl>
          {balance !== null && loggedIn && <p className={styles.balance}>{t('slip.balance', { amount: formatCentavos(balance) })}</p>}
          {problem && problem.key !== 'slip.loginRequired' && orders.length > 0 && (
            <p className={styles.problem} role="status">
              {t(problem.key, problem.values ?? {})}
            </p>
          )}
          {action}
        </div>
      }
    >
      <div className={styles.slip}>
        <TabBar label={t('slip.modesLabel')} variant="pills">
          {modes.map((mode) => (
            <button
              key={mode}
              type="button"
              className={tabStyles.tab}
              aria-selected={slip.mode === mode}
              onClick={() => (betSlip.mode = mode)}
            >
              {t(`slip.modes.${mode}`)}
            </button>
          ))}
        </TabBar>
        {orders.length === 0 ? (
          <p className={styles.empty}>{t('slip.empty')}</p>
        ) : (
          <ul className={styles.orders}>
            {orders.map((order) => (
              <OrderCard
                key={order.uid}
                order={order}
                withStake={slip.mode !== 'parlay' && slip.mode !== 'endingGame'}
                focus={setFocused}
              />
            ))}
          </ul>
        )}
        {otherModes > 0 && <p className={styles.note}>{t('slip.otherModes', { count: otherModes })}</p>}

        {otherCombos.length > 0 && (
          <section className={styles.moreCombos} aria-label={t('slip.moreCombos')}>
            <h3 className={styles.moreTitle}>{t('slip.moreCombos')}</h3>
            <ul className={styles.combos}>{otherCombos.map(comboRow)}</ul>
          </section>
        )}
      </div>
    </Sheet>
  );
}
