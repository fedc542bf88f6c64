import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { BetOrder } from '../../contract/betOrder';
import { formatCentavos } from '../../lib/money';
import { useFeedOffline } from '../../realtime/hooks';
import { pay } from '../../stores/pay';
import { openLogin } from '../../stores/ui';
import { Button } from '../../ui/Button';
import styles from './BetSlip.module.css';
import { acceptChanges } from './place';
import type { Problem } from './rules';
import { ComboRow, StakeInput } from './StakeInput';
import { addQuickStake, betSlip, setComboStake, setEndingGameStake } from './store';
import { parlayCombos, slipTotals } from './totals';

/** Quick stakes in pesos: a tap adds the amount to the stake being edited. */
const QUICK_STAKES = [50, 100, 500, 1_000] as const;

/** The one button under the slip: log in, accept new odds, go and deposit, or place. */
function SlipAction({
  problem,
  count,
  busy,
  offline,
  onPlace,
  onClose,
}: {
  problem: Problem | null;
  count: number;
  busy: boolean;
  /** No network: prices are not live, nothing can be placed. */
  offline: boolean;
  onPlace: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (problem?.key === 'slip.loginRequired')
    return (
      <Button block onClick={() => openLogin()}>
        {t('common.login')}
      </Button>
    );
  // No network: nothing can be placed or accepted; the button stays, disabled, and the message says why.
  if (offline)
    return (
      <Button block disabled data-testid="place-bet" aria-describedby="slip-offline">
        {count > 1 ? t('slip.placeMany', { count }) : t('slip.place')}
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
  return (
    <Button
      block
      busy={busy}
      disabled={problem !== null || busy || offline}
      onClick={onPlace}
      data-testid="place-bet"
      aria-describedby={offline ? 'slip-offline' : undefined}
    >
      {count > 1 ? t('slip.placeMany', { count }) : t('slip.place')}
    </Button>
  );
}

/**
 * The stake zone, in reach of the thumb however long the slip: the full parlay or the ending-game
 * stake, the quick stakes (added to the stake being edited), the totals, the balance, what stops the
 * bet, and the button.
 */
export function SlipFooter({
  orders,
  focused,
  onFocus,
  loggedIn,
  problem,
  busy,
  onPlace,
  onClose,
}: {
  orders: readonly BetOrder[];
  /** The stake being edited: an order uid or a combo type. */
  focused: string;
  onFocus: (target: string) => void;
  loggedIn: boolean;
  problem: Problem | null;
  busy: boolean;
  onPlace: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const slip = useSnapshot(betSlip);
  const { balance } = useSnapshot(pay);
  const totals = slipTotals(slip, orders);
  const offline = useFeedOffline();
  const { all: combos, fullFold } = parlayCombos(slip.mode, orders.length);

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

  return (
    <div className={styles.footer}>
      {fullFold && (
        <ul className={styles.combos}>
          <ComboRow
            combo={fullFold}
            stake={slip.comboStakes[fullFold.comboType] ?? 0}
            onFocus={() => onFocus(fullFold.comboType)}
            onChange={(pesos) => setComboStake(fullFold.comboType, pesos)}
          />
        </ul>
      )}
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
      {offline && orders.length > 0 && (
        <p className={styles.problem} role="status" id="slip-offline" data-testid="slip-offline">
          {t('slip.offline')}
        </p>
      )}
      <SlipAction
        problem={problem}
        count={slip.mode === 'parlay' ? 1 : orders.length}
        busy={busy}
        offline={offline}
        onPlace={onPlace}
        onClose={onClose}
      />
    </div>
  );
}
