import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceQuery } from '../../api/queries';
import { formatCentavos } from '../../lib/money';
import type { OverlayComponentProps } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Sheet } from '../../ui/Sheet';
import { Skeleton } from '../../ui/Skeleton';
import { SPIN_KEY, type SpinResult, spinOnce, spinOpportunityQuery } from './api';
import styles from './Campaigns.module.css';

/**
 * The lucky-spin dialog (spec §2 overlays, §3 awardTimes): the spins the player holds, every prize with
 * its chance, the next spin's seed hash; a spin is drawn on the server and its result shows the seed
 * that reproduces it. No spin: how one is earned.
 */
export function LuckySpinSheet({ onClose }: OverlayComponentProps) {
  const { t } = useTranslation();
  return (
    <Sheet title={t('campaigns.spin.title')} closeLabel={t('common.close')} onClose={onClose} testId="lucky-spin">
      <LuckySpin />
    </Sheet>
  );
}

function LuckySpin() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery(spinOpportunityQuery);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SpinResult | undefined>();
  if (isPending) return <Skeleton height={200} radius={12} />;
  if (isError)
    return (
      <div className={styles.spinBody}>
        <p className={styles.dim} role="alert">
          {t('campaigns.failed')}
        </p>
        <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
      </div>
    );
  if (!data.active)
    return (
      <div className={styles.spinBody}>
        <p className={styles.state}>{data.notice ?? t('campaigns.spin.closed')}</p>
      </div>
    );
  const spin = () => {
    setBusy(true);
    spinOnce()
      .then((answer) => {
        setResult(answer);
        void queryClient.invalidateQueries({ queryKey: SPIN_KEY });
        void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <div className={styles.spinBody}>
      <p className={styles.reward}>{t('campaigns.spin.jackpot', { amount: formatCentavos(data.jackpotAmount) })}</p>
      <p data-testid="spin-count">{t('campaigns.spin.spins', { count: data.awardTimes })}</p>
      {result && (
        <div className={styles.card} data-testid="spin-result" aria-live="polite">
          <p className={styles.result}>
            {result.amount > 0 ? t('campaigns.spin.won', { label: result.label }) : t('campaigns.spin.nothing')}
          </p>
          <details>
            <summary>{t('campaigns.spin.fairness')}</summary>
            <p className={`${styles.dim} ${styles.hash}`}>
              {t('campaigns.spin.fairnessBody', { hash: result.seedHash, seed: result.seed, id: result.spinId, roll: result.roll })}
            </p>
          </details>
        </div>
      )}
      {data.awardTimes > 0 ? (
        <>
          <Button block busy={busy} onClick={spin} data-testid="spin-button">
            {t('campaigns.spin.spinNow')}
          </Button>
          {data.nextSeedHash && (
            <p className={`${styles.dim} ${styles.hash}`}>{t('campaigns.spin.nextHash', { hash: data.nextSeedHash })}</p>
          )}
        </>
      ) : (
        <p className={styles.state}>
          {t('campaigns.spin.none')} {t('campaigns.spin.howToEarn', { amount: formatCentavos(data.minDeposit) })}
        </p>
      )}
      <section aria-labelledby="spin-odds">
        <h3 id="spin-odds" className={styles.title}>
          {t('campaigns.spin.odds')}
        </h3>
        <dl className={styles.prizes}>
          {data.prizes.map((prize) => (
            <div key={prize.id} style={{ display: 'contents' }}>
              <dt>
                {prize.label}
                {prize.amount > 0 && ` (${prize.cash ? t('campaigns.spin.cashPrize') : t('campaigns.spin.bonusPrize')})`}
              </dt>
              <dd>{prize.percent}%</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
