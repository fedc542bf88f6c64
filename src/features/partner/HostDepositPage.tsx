import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Attempt } from '../../api/attempt';
import { ApiError } from '../../api/client';
import { balanceQuery } from '../../api/queries';
import { TRADE_PAY_RESULT } from '../../contract/partners';
import { callHost, hostOrigin } from '../../lib/hostBridge';
import { formatCentavos } from '../../lib/money';
import { timers } from '../../lib/timers';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { type DepositOrder, hostPayOrder, hostPayResult } from './api';
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

/**
 * /miniAccount inside a super-app (issue 36): the deposit goes through the host's pay sheet. The order is
 * made on our server first (idempotency key), the host's tradePay shows the sheet, and the page reports
 * the sheet's result code to our server, which asks the host: only the host's signed answer or callback
 * moves money, so the page waits for the order's status, never for the code.
 */
export function HostDepositPage() {
  const { t } = useTranslation();
  const inHost = hostOrigin() !== undefined;
  return (
    <PageLayout title={t('partners.depositTitle')}>
      {inHost ? <HostPay /> : <Notice icon="info" title={t('partners.openFromHost')} description={t('partners.openFromHostBody')} />}
    </PageLayout>
  );
}

function HostPay() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const balance = useQuery(balanceQuery);
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
      const body = { host: 'gcash' as const, amount: amount * 100 };
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
      if (alive.current) setStage({ kind: 'refused', message: error instanceof ApiError ? error.message : t('partners.hostFailed') });
    }
  };

  return (
    <div className={styles.form}>
      <p className={styles.balance}>
        {t('partners.balance')} <strong data-testid="host-balance">{balance.data ? formatCentavos(balance.data.balance) : '…'}</strong>
      </p>
      <fieldset className={styles.amounts}>
        <legend className={styles.legend}>{t('partners.amount')}</legend>
        {PRESETS.map((pesos) => (
          <button key={pesos} type="button" className={styles.amount} aria-pressed={amount === pesos} onClick={() => setAmount(pesos)}>
            {formatCentavos(pesos * 100)}
          </button>
        ))}
      </fieldset>
      <Button block busy={stage.kind === 'busy' || stage.kind === 'pending'} onClick={() => void pay()}>
        {t('partners.payWithHost', { amount: formatCentavos(amount * 100) })}
      </Button>
      <Outcome stage={stage} />
    </div>
  );
}

function Outcome({ stage }: { stage: Stage }) {
  const { t } = useTranslation();
  if (stage.kind === 'refused')
    return (
      <p role="alert" className={styles.bad}>
        {stage.message}
      </p>
    );
  if (stage.kind === 'pending') return <p role="status">{t('partners.waiting')}</p>;
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
      {order.message ?? t('partners.hostFailed')}
    </p>
  );
}
