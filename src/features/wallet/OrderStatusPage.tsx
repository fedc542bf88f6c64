import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../ui/PageLayout';
import { Button } from '../../ui/Button';
import buttonStyles from '../../ui/Button.module.css';
import { Notice } from '../../ui/Notice';
import { useUserPush } from '../../realtime/hooks';
import { PageSkeleton } from '../../ui/Skeleton';
import { isFinalDeposit } from './amounts';
import { cancelDeposit, orderQuery } from './api';
import { DepositOutcome } from './DepositOutcome';
import type { OrderSearch } from './search';
import styles from './Wallet.module.css';

/** The order is asked again this often while it is pending, this many times; the balance push may end it sooner. */
export const ORDER_POLL = { intervalMs: 3_000, attempts: 10 } as const;

/**
 * /gpoorder?orderNo=…: where the provider's checkout sends the player back. The order stays pending
 * until the provider's signed webhook arrives (never on this return alone), so the page polls it a few
 * times and listens for the balance push; paid shows the new balance, anything else what to do now.
 */
export function OrderStatusPage({ orderNo, result }: OrderSearch) {
  const { t } = useTranslation();
  return (
    <PageLayout flush>
      {orderNo ? (
        <OrderStatus key={orderNo} orderNo={orderNo} result={result} />
      ) : (
        <Notice icon="wallet" title={t('wallet.orderMissing')}>
          <Link to="/wallet/deposit" className={`${buttonStyles.button} ${buttonStyles.primary}`}>
            {t('common.deposit')}
          </Link>
        </Notice>
      )}
    </PageLayout>
  );
}

function OrderStatus({ orderNo, result }: { orderNo: string; result: OrderSearch['result'] }) {
  const { t } = useTranslation();
  // Polling runs for a while from here; 'Check again' starts a new round.
  const [pollSince, setPollSince] = useState(() => Date.now());
  const { data, isPending, isError, refetch, isFetching } = useQuery({
    ...orderQuery(orderNo),
    refetchInterval: (query) => {
      const status = query.state.data?.deposit?.status;
      if (!status || isFinalDeposit(status)) return false;
      return Date.now() - pollSince < ORDER_POLL.intervalMs * ORDER_POLL.attempts ? ORDER_POLL.intervalMs : false;
    },
  });
  const order = data?.deposit;
  const status = order?.status;
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const cancel = async () => {
    setCancelling(true);
    try {
      const answer = await cancelDeposit(orderNo);
      queryClient.setQueryData(orderQuery(orderNo).queryKey, { ...data, deposit: answer });
    } catch {
      // The API client already said why (being checked, not found).
    } finally {
      setCancelling(false);
    }
  };
  useUserPush('balance', () => void refetch(), status === 'pending' || status === 'reviewing');

  if (isPending) return <PageSkeleton label={t('common.loading')} lines={5} />;
  if (isError || !order) {
    return (
      <Notice icon="info" title={t('wallet.orderNotFound')} description={t('wallet.orderNotFoundBody')} role="alert">
        <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
      </Notice>
    );
  }
  return (
    <DepositOutcome
      order={order}
      balanceNote={
        <>
          {result && status === 'pending' && (
            <p className={styles.note} role="status" data-testid="checkout-not-completed">
              {t('wallet.checkoutNotCompleted')}
            </p>
          )}
          {!isFinalDeposit(order.status) && (
            <Button
              variant="ghost"
              busy={isFetching}
              onClick={() => {
                setPollSince(Date.now());
                void refetch();
              }}
            >
              {t('wallet.checkAgain')}
            </Button>
          )}
          {order.status === 'pending' && (
            <Button variant="ghost" busy={cancelling} onClick={() => void cancel()}>
              {t('wallet.cancelDeposit')}
            </Button>
          )}
        </>
      }
    />
  );
}
