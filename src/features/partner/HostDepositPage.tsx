import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Attempt } from '../../api/attempt';
import { ApiError } from '../../api/client';
import { balanceQuery } from '../../api/queries';
import { Link } from '@tanstack/react-router';
import { type SuperAppHostName, TRADE_PAY_RESULT } from '../../contract/partners';
import { callHost, hostOrigin } from '../../lib/hostBridge';
import { formatCentavos } from '../../lib/money';
import { timers } from '../../lib/timers';
import { currentPartner } from '../../stores/origin';
import { Button } from '../../ui/Button';
import buttonStyles from '../../ui/Button.module.css';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { type DepositOrder, hostPayOrder, hostPayResult, hostSwitches } from './api';
import styles from './Partners.module.css';

/** The host pay sheet's amounts (pesos). */
const PRESETS = [100, 500, 1_000, 5_000];
/** A pending host payment (8000, 6004, 6002) is asked about this often, this many times, while the page is open. */
const POLL_MS = 2_000;
const POLLS = 30;

type Stage =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'pending'; order: DepositOrder }
  | { kind: 'done'; order: DepositOrder }
  | { kind: 'refused'; message: string };

/** The super-app this page runs in, and how the player knows it: GCash (isFrom Glife) or Lazada. */
function superApp(): { host: SuperAppHostName; brand: string } | undefined {
  const partner = currentPartner();
  if (partner === 'glife') return { host: 'gcash', brand: 'GCash' };
  if (partner === 'lazada') return { host: 'lazada', brand: 'Lazada' };
  return undefined;
}

/**
 * /miniAccount inside a super-app (issue 36: GCash, Lazada): the deposit goes through the host's pay sheet. The order is
 * made on our server first (idempotency key), the host's tradePay shows the sheet, and the page reports
 * the sheet's result code to our server, which asks the host: only the host's signed answer or callback
 * moves money, so the page waits for the order's status, never for the code.
 */
export function HostDepositPage() {
  const { t } = useTranslation();
  const app = hostOrigin() !== undefined ? superApp() : undefined;
  return (
    <PageLayout title={t('hosts.deposit.title', { host: app?.brand ?? t('hosts.deposit.anyHost') })}>
      {app ? (
        <HostPay host={app.host} brand={app.brand} />
      ) : (
        <Notice icon="info" title={t('partners.openFromHost')} description={t('hosts.deposit.openFromHostBody')} />
      )}
    </PageLayout>
  );
}

function HostPay({ host, brand }: { host: SuperAppHostName; brand: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const balance = useQuery(balanceQuery);
  // The operator's switches for this host (spec §6): deposits may be paused while withdrawals go on.
  const switches = useQuery({ queryKey: ['main', 'partner/hostSwitches', host], queryFn: () => hostSwitches(host) });
  const [amount, setAmount] = useState(500);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const attempt = useRef(new Attempt());
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  const finish = (order: DepositOrder) => {
    void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
    setStage(order.status === 'pending' ? { kind: 'pending', order } : { kind: 'done', order });
  };

  const pay = async () => {
    setStage({ kind: 'busy' });
    try {
      const body = { host, amount: amount * 100 };
      const order = await attempt.current.send(body, (key) => hostPayOrder(body, key));
      const sheet = await callHost<{ resultCode?: unknown }>('tradePay', { paymentUrl: order.checkoutUrl ?? '' });
      const code = typeof sheet.resultCode === 'string' ? sheet.resultCode : TRADE_PAY_RESULT.unknown;
      let settled = await hostPayResult(order.orderNo, code);
      for (let i = 0; settled.status === 'pending' && code !== TRADE_PAY_RESULT.cancelled && i < POLLS && alive.current; i++) {
        setStage({ kind: 'pending', order: settled });
        await timers.sleep(POLL_MS);
        settled = await hostPayResult(order.orderNo, code);
      }
      if (alive.current) finish(settled);
    } catch (error) {
      if (alive.current)
        setStage({ kind: 'refused', message: error instanceof ApiError ? error.message : t('hosts.deposit.failed', { host: brand }) });
    }
  };

  return (
    <div className={styles.form}>
      <p className={styles.balance}>
        {t('partners.balance')} <strong data-testid="host-balance">{balance.data ? formatCentavos(balance.data.balance) : '…'}</strong>
      </p>
      {switches.data && !switches.data.deposit ? (
        <p role="alert" className={styles.bad}>
          {switches.data.message}
        </p>
      ) : (
        <>
          <fieldset className={styles.amounts}>
            <legend className={styles.legend}>{t('partners.amount')}</legend>
            {PRESETS.map((pesos) => (
              <button key={pesos} type="button" className={styles.amount} aria-pressed={amount === pesos} onClick={() => setAmount(pesos)}>
                {formatCentavos(pesos * 100)}
              </button>
            ))}
          </fieldset>
          <Button block busy={stage.kind === 'busy' || stage.kind === 'pending'} onClick={() => void pay()}>
            {t('hosts.deposit.payWith', { amount: formatCentavos(amount * 100), host: brand })}
          </Button>
        </>
      )}
      <Outcome stage={stage} brand={brand} />
      {switches.data?.withdraw !== false && (
        <Link to="/wallet-withdraw-app" className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
          {t('hosts.deposit.withdraw')}
        </Link>
      )}
    </div>
  );
}

function Outcome({ stage, brand }: { stage: Stage; brand: string }) {
  const { t } = useTranslation();
  if (stage.kind === 'refused')
    return (
      <p role="alert" className={styles.bad}>
        {stage.message}
      </p>
    );
  if (stage.kind === 'pending') return <p role="status">{t('hosts.deposit.waiting', { host: brand })}</p>;
  if (stage.kind !== 'done') return null;
  const { order } = stage;
  if (order.status === 'paid')
    return (
      <p role="status" className={styles.good}>
        {t('partners.received', { amount: formatCentavos(order.amount) })}
      </p>
    );
  return (
    <p role="alert" className={styles.bad}>
      {order.message ?? t('hosts.deposit.failed', { host: brand })}
    </p>
  );
}
