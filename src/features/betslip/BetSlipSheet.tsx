import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { subscribe } from 'valtio/vanilla';
import type { BetMode } from '../../contract/betting';
import type { BetOrder } from '../../contract/betOrder';
import { preferences } from '../../stores/preferences';
import { session } from '../../stores/session';
import { type OverlayComponentProps, openLogin } from '../../stores/ui';
import { Sheet } from '../../ui/Sheet';
import { TabBar, tabStyles } from '../../ui/Tabs';
import styles from './BetSlip.module.css';
import { BetResultView } from './BetResultView';
import { BookingCodeField, BookingNoticeView, ShareSlip } from './BookingParts';
import { OrderCard } from './OrderCard';
import { placeSlip } from './place';
import { orderKind, ordersForMode, slipProblem } from './rules';
import { SlipFooter } from './SlipFooter';
import { ComboRow } from './StakeInput';
import { betSlip, setComboStake } from './store';
import { parlayCombos } from './totals';
import { useOrderRefresh } from './useOrderRefresh';
import { useLoggedIn } from '../../hooks/useLoggedIn';

/** Spec §4: the slip closes on a change of login name, odds type or layout. */
function useCloseOnChange(onClose: () => void): void {
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
}

/** The modes the slip offers: always single, parlay and ending game; outright and player when it holds such picks. */
function modesFor(orders: readonly BetOrder[]): BetMode[] {
  const kinds = new Set(orders.map((o) => orderKind(o)));
  const modes: BetMode[] = ['single', 'parlay', 'endingGame'];
  if (kinds.has('outright')) modes.push('outright');
  if (kinds.has('player')) modes.push('player');
  return modes;
}

/** The slip being filled in: modes, orders, the other parlay combos, and the stake zone below. */
function SlipEditor({ orders, onClose }: { orders: BetOrder[]; onClose: () => void }) {
  const { t } = useTranslation();
  const slip = useSnapshot(betSlip);
  const { user } = useSnapshot(session);
  const loggedIn = useLoggedIn();
  const [focused, setFocused] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [sharing, setSharing] = useState(false);
  const { others: otherCombos } = parlayCombos(slip.mode, orders.length);
  const otherModes = slip.orders.length - orders.length;
  const problem = slipProblem({
    mode: slip.mode,
    loggedIn,
    firstDeposit: Boolean(user?.firstDepositFlag),
    orders,
    stakes: slip.stakes,
    comboStakes: slip.comboStakes,
    endingGameStake: slip.endingGameStake,
    unacceptedChanges: orders.filter((o) => slip.changes[o.uid]).map((o) => o.uid),
  });

  const place = async () => {
    if (!loggedIn) return openLogin();
    setBusy(true);
    try {
      await placeSlip();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet
      title={t('slip.title')}
      closeLabel={t('common.close')}
      onClose={onClose}
      testId="slip"
      footer={
        sharing ? undefined : (
          <SlipFooter
            orders={orders}
            focused={focused}
            onFocus={setFocused}
            loggedIn={loggedIn}
            problem={problem}
            busy={busy}
            onPlace={() => void place()}
            onClose={onClose}
          />
        )
      }
    >
      <div className={styles.slip}>
        <BookingNoticeView />
        <ShareSlip orders={slip.orders as BetOrder[]} onOpen={setSharing} />
        {!sharing && (
          <>
            <TabBar label={t('slip.modesLabel')} variant="pills">
              {modesFor(slip.orders as BetOrder[]).map((mode) => (
                <button
                  key={mode}
                  type="button"
                  className={tabStyles.tab}
                  aria-pressed={slip.mode === mode}
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
                <ul className={styles.combos}>
                  {otherCombos.map((combo) => (
                    <ComboRow
                      key={combo.comboType}
                      combo={combo}
                      stake={slip.comboStakes[combo.comboType] ?? 0}
                      onFocus={() => setFocused(combo.comboType)}
                      onChange={(pesos) => setComboStake(combo.comboType, pesos)}
                    />
                  ))}
                </ul>
              </section>
            )}
            <BookingCodeField />
          </>
        )}
      </div>
    </Sheet>
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
  const orders = ordersForMode(slip.orders as BetOrder[], slip.mode);
  useOrderRefresh(orders, slip.mode);
  useCloseOnChange(onClose);
  useEffect(() => () => void (betSlip.result = null), []);

  if (slip.result && slip.result.status !== 'idle') {
    return (
      <Sheet title={t('slip.title')} closeLabel={t('common.close')} onClose={onClose}>
        <BetResultView
          onDone={onClose}
          onMyBets={() => {
            onClose();
            void navigate({ to: '/betRecord' });
          }}
          onBack={() => (betSlip.result = null)}
        />
      </Sheet>
    );
  }
  return <SlipEditor orders={orders} onClose={onClose} />;
}
