import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceQuery } from '../../api/queries';
import { formatCentavos } from '../../lib/money';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { Skeleton } from '../../ui/Skeleton';
import { claimRebates, rebatesQuery } from './api';
import styles from './Promo.module.css';

/**
 * /daily-rebate: each Manila day's settled valid turnover per vertical and its rebate (computed once a day
 * by the server), claimable once as cash until it expires.
 */
export function DailyRebatePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery(rebatesQuery);
  const [busy, setBusy] = useState(false);
  const claimable = data?.list.filter((row) => row.status === 'available') ?? [];
  const total = claimable.reduce((sum, row) => sum + row.amount, 0);
  const claim = () => {
    setBusy(true);
    claimRebates()
      .then((answer) => {
        showToast('success', t('promo.rebates.claimed', { amount: formatCentavos(answer.amount) }));
        void queryClient.invalidateQueries({ queryKey: rebatesQuery.queryKey });
        void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <PageLayout>
      <div className={styles.page}>
        <p className={styles.dim}>{t('promo.rebates.intro')}</p>
        {isPending ? (
          <Skeleton height={120} radius={12} />
        ) : isError ? (
          <Notice icon="wallet" title={t('promo.failed')} role="alert">
            <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
          </Notice>
        ) : data.list.length === 0 ? (
          <p className={styles.dim}>{t('promo.rebates.none')}</p>
        ) : (
          <ul className={styles.section} aria-label={t('promo.rebates.listLabel')}>
            {data.list.map((row) => (
              <li key={`${row.day}-${row.vertical}`} className={styles.card} data-testid="rebate-row">
                <h2 className={styles.title}>{t('promo.rebates.row', { day: row.day, vertical: t(`promo.rebates.${row.vertical}`) })}</h2>
                <p className={styles.dim}>
                  {t('promo.rebates.detail', {
                    turnover: formatCentavos(row.turnover),
                    percent: row.percent,
                    amount: formatCentavos(row.amount),
                  })}
                </p>
                <p className={styles.dim}>{t(`promo.rebates.status.${row.status}`)}</p>
              </li>
            ))}
          </ul>
        )}
        {total > 0 && (
          <Button block busy={busy} onClick={claim} data-testid="rebate-claim">
            {t('promo.rebates.claim', { amount: formatCentavos(total) })}
          </Button>
        )}
      </div>
    </PageLayout>
  );
}
