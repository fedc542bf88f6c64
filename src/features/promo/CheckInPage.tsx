import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCentavos } from '../../lib/money';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { Skeleton } from '../../ui/Skeleton';
import { PROMOTION_LIST_KEY, checkIn, checkInQuery } from './api';
import styles from './Promo.module.css';

/**
 * /checkIn: the daily check-in (issue 35). One check-in a Manila day; the days of the current streak are
 * marked, and the seventh day in a row earns a free bet (then a new streak starts).
 */
export function CheckInPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery(checkInQuery);
  const [busy, setBusy] = useState(false);
  const press = () => {
    setBusy(true);
    checkIn()
      .then((answer) => {
        showToast('success', answer.freeBetId !== null ? t('promo.checkIn.rewarded') : t('promo.checkIn.done', { count: answer.streak }));
        void queryClient.invalidateQueries({ queryKey: checkInQuery.queryKey });
        void queryClient.invalidateQueries({ queryKey: PROMOTION_LIST_KEY });
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <PageLayout>
      <div className={styles.page}>
        {isPending ? (
          <Skeleton height={160} radius={12} />
        ) : isError ? (
          <Notice icon="wallet" title={t('promo.failed')} role="alert">
            <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
          </Notice>
        ) : (
          <>
            <p className={styles.dim}>{t('promo.checkIn.intro', { days: data.days, reward: formatCentavos(data.reward) })}</p>
            <ol
              className={styles.days}
              aria-label={t('promo.checkIn.streakLabel', { count: data.streak, days: data.days })}
              data-testid="check-in-days"
            >
              {Array.from({ length: data.days }, (_, i) => (
                <li key={i} className={i < data.streak ? styles.dayDone : styles.day} data-done={i < data.streak}>
                  <span>{t('promo.checkIn.day', { day: i + 1 })}</span>
                  {i === data.days - 1 && <span className={styles.dayReward}>{formatCentavos(data.reward)}</span>}
                </li>
              ))}
            </ol>
            <Button block busy={busy} disabled={data.checkedToday} onClick={press} data-testid="check-in">
              {data.checkedToday ? t('promo.checkIn.checked') : t('promo.checkIn.press')}
            </Button>
          </>
        )}
      </div>
    </PageLayout>
  );
}
