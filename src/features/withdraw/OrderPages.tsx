import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { CUSTOMER_SERVICE_PATH, customerServiceSearch } from '../../lib/navigation';
import { formatCentavos } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { type Withdrawal, withdrawalQuery } from './api';
import { OrderSummary, StatusBadge, StatusSteps, useArrival } from './OrderView';
import { useMoneyPushes } from './pushes';
import { statusView } from './rules';
import buttonStyles from '../../ui/Button.module.css';
import { Icon } from '../../ui/Icon';
import styles from './Withdraw.module.css';

export const primaryLink = `${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.block}`;
const secondaryLink = `${buttonStyles.button} ${buttonStyles.secondary} ${buttonStyles.block}`;

/** The order of the address, with a skeleton while it loads and a way out when it cannot be found. */
function WithOrder({ orderNo, children }: { orderNo: string | undefined; children: (order: Withdrawal) => ReactNode }) {
  const { t } = useTranslation();
  const query = useQuery({ ...withdrawalQuery(orderNo ?? ''), enabled: Boolean(orderNo) });
  if (!orderNo || query.isError) {
    return (
      <PageLayout>
        <Notice icon="info" title={t('withdraw.order.missing')} description={t('withdraw.order.missingBody')} role="alert">
          {orderNo && <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
          <Link to="/record">{t('withdraw.order.toRecords')}</Link>
        </Notice>
      </PageLayout>
    );
  }
  if (query.isPending)
    return (
      <PageLayout>
        <PageSkeleton label={t('common.loading')} lines={6} />
      </PageLayout>
    );
  return <PageLayout flush>{children(query.data)}</PageLayout>;
}

/** /submitted?orderNo=…: the request went through — how much, where to (masked), and when it should arrive. */
export function SubmittedPage({ orderNo }: { orderNo?: string }) {
  const { t } = useTranslation();
  const arrival = useArrival();
  return (
    <WithOrder orderNo={orderNo}>
      {(order) => (
        <div className={styles.page}>
          <div className={styles.hero} role="status">
            <span className={styles.heroIcon} aria-hidden="true">
              <Icon name="send" size={28} />
            </span>
            <h2 className={styles.heading}>{t('withdraw.submitted.title')}</h2>
            <span className={styles.heroAmount}>{formatCentavos(order.amount)}</span>
            <span className={styles.note}>{t('withdraw.submitted.to', { destination: order.destination })}</span>
          </div>
          <section className={styles.card}>
            <dl className={styles.summary}>
              <dt>{t('withdraw.order.arrival')}</dt>
              <dd>{arrival(order)}</dd>
              <dt>{t('withdraw.order.number')}</dt>
              <dd className={styles.orderNo}>{order.orderNo}</dd>
            </dl>
          </section>
          {order.claimCode && <ClaimCode order={order} />}
          <div className={styles.actions}>
            <Link to="/withdrawInfo" search={{ orderNo: order.orderNo }} className={primaryLink}>
              {t('withdraw.submitted.follow')}
            </Link>
            <Link to="/" className={secondaryLink}>
              {t('common.goHome')}
            </Link>
          </div>
        </div>
      )}
    </WithOrder>
  );
}

/** The code a store cashier asks for, and until when it can be claimed. */
export function ClaimCode({ order }: { order: Withdrawal }) {
  const { t, i18n } = useTranslation();
  return (
    <section className={`${styles.card} ${styles.hero}`} aria-label={t('withdraw.store.codeTitle')}>
      <span className={styles.figureLabel}>{t('withdraw.store.codeTitle')}</span>
      <span className={styles.code} data-testid="claim-code" data-code={order.claimCode}>
        {/* In fours, the way a cashier reads a long code back. */}
        {order.claimCode?.replace(/(.{4})(?=.)/g, '$1 ')}
      </span>
      {order.expectedBy && (
        <span className={styles.note}>{t('withdraw.store.expires', { time: formatDateTime(order.expectedBy, i18n.language) })}</span>
      )}
      <span className={styles.note}>{t('withdraw.store.howTo')}</span>
    </section>
  );
}

/**
 * /withdrawInfo?orderNo=…: the live status of one withdrawal (pending → processing → paid, or failed /
 * reversed with the money back), asked again every few seconds until it settles and on every balance push.
 */
export function WithdrawInfoPage({ orderNo }: { orderNo?: string }) {
  const { t } = useTranslation();
  useMoneyPushes();
  return (
    <WithOrder orderNo={orderNo}>
      {(order) => {
        const view = statusView(order.status);
        return (
          <div className={styles.page}>
            <div className={styles.hero}>
              <span className={styles.heroAmount}>{formatCentavos(order.amount)}</span>
              <StatusBadge order={order} />
              <p className={styles.note} role="status" aria-live="polite">
                {order.message ?? t(`withdraw.statusBody.${view.key}`)}
              </p>
            </div>
            <StatusSteps order={order} />
            <section className={styles.card}>
              <OrderSummary order={order} />
            </section>
            {order.claimCode && order.status !== 'paid' && !view.returned && <ClaimCode order={order} />}
            <div className={styles.actions}>
              {view.returned && (
                <Link to="/withdraw" className={primaryLink}>
                  {t('withdraw.info.tryAgain')}
                </Link>
              )}
              {view.returned && (
                <Link
                  to={CUSTOMER_SERVICE_PATH}
                  search={customerServiceSearch('withdrawInfo', { about: 'withdrawal', orderNo: order.orderNo })}
                  className={secondaryLink}
                  data-testid="withdraw-customer-service"
                >
                  {t('common.customerService')}
                </Link>
              )}
              <Link to="/record" className={secondaryLink}>
                {t('withdraw.order.toRecords')}
              </Link>
            </div>
          </div>
        );
      }}
    </WithOrder>
  );
}
