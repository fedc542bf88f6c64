import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { formatCentavos } from '../../lib/money';
import type { Withdrawal } from './api';
import { statusView } from './rules';
import styles from './Withdraw.module.css';

/** When the money should arrive, by rail: InstaPay within minutes, PESONet by the next clearing cycle, a store by its claim code. */
export function useArrival(): (order: Withdrawal) => string {
  const { t, i18n } = useTranslation();
  return (order) => {
    if (order.claimCode) return t('withdraw.arrival.store');
    const rail = order.rail ?? 'instapay';
    const by = order.expectedBy ? formatDateTime(order.expectedBy, i18n.language) : undefined;
    return by ? t(`withdraw.arrival.${rail}By`, { time: by }) : t(`withdraw.arrival.${rail}`);
  };
}

/** The status badge and the pending → processing → paid steps. */
export function StatusBadge({ order }: { order: Withdrawal }) {
  const { t } = useTranslation();
  const view = statusView(order.status);
  return (
    <span className={`${styles.badge} ${styles[view.tone]}`} data-testid="withdraw-status" data-status={order.status}>
      {t(`withdraw.status.${view.key}`)}
    </span>
  );
}

export function StatusSteps({ order }: { order: Withdrawal }) {
  const { t } = useTranslation();
  const view = statusView(order.status);
  const labels = [
    t('withdraw.steps.requested'),
    t('withdraw.steps.processing'),
    t(view.returned ? 'withdraw.steps.returned' : 'withdraw.steps.paid'),
  ];
  return (
    <ol className={styles.steps} aria-label={t('withdraw.steps.label')}>
      {labels.map((label, step) => (
        <li key={step} data-done={step <= view.step}>
          {label}
        </li>
      ))}
    </ol>
  );
}

/** Amount, destination (masked), order number and times of a withdrawal. */
export function OrderSummary({ order }: { order: Withdrawal }) {
  const { t, i18n } = useTranslation();
  const arrival = useArrival();
  return (
    <dl className={styles.summary}>
      <dt>{t('withdraw.order.amount')}</dt>
      <dd>{formatCentavos(order.amount)}</dd>
      <dt>{t('withdraw.order.to')}</dt>
      <dd>{order.destination}</dd>
      <dt>{t('withdraw.order.number')}</dt>
      <dd className={styles.orderNo}>{order.orderNo}</dd>
      <dt>{t('withdraw.order.created')}</dt>
      <dd>{formatDateTime(order.createdAt, i18n.language)}</dd>
      {order.completedAt ? (
        <>
          <dt>{t('withdraw.order.completed')}</dt>
          <dd>{formatDateTime(order.completedAt, i18n.language)}</dd>
        </>
      ) : (
        <>
          <dt>{t('withdraw.order.arrival')}</dt>
          <dd>{arrival(order)}</dd>
        </>
      )}
    </dl>
  );
}
