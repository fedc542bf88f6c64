import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { balanceQuery } from '../../api/queries';
import { COUPON_RESULT_DELAY_MS } from '../../contract/promotions';
import { formatCentavos } from '../../lib/money';
import { type Timers, timers as defaultTimers } from '../../lib/timers';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { Skeleton } from '../../ui/Skeleton';
import { PROMOTION_LIST_KEY, couponQuery, receiveCoupon } from './api';
import styles from './Promo.module.css';

type Result = { ok: boolean; message: string };

/**
 * /coupon/:name (login required): one coupon with every term in plain words before it is received. Receiving shows "Receiving your coupon…" and the server's answer (the bonus
 * added, or why not) 2 s after the press (spec §9), whatever the answer.
 */
export function CouponPage({ name, timers = defaultTimers }: { name: string; timers?: Timers }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending, isError, error, refetch } = useQuery(couponQuery(name));
  const [receiving, setReceiving] = useState(false);
  const [result, setResult] = useState<Result>();
  const [shown, setShown] = useState<Result>();

  // The answer is shown COUPON_RESULT_DELAY_MS after the press, not as soon as it comes.
  const [pressedAt, setPressedAt] = useState(0);
  useEffect(() => {
    if (!result) return;
    const wait = Math.max(0, pressedAt + COUPON_RESULT_DELAY_MS - Date.now());
    const handle = timers.setTimeout(() => {
      setShown(result);
      setReceiving(false);
      void queryClient.invalidateQueries({ queryKey: couponQuery(name).queryKey });
      void queryClient.invalidateQueries({ queryKey: PROMOTION_LIST_KEY });
      void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
    }, wait);
    return () => timers.clearTimeout(handle);
  }, [result, pressedAt, timers, queryClient, name]);

  const receive = () => {
    setReceiving(true);
    setShown(undefined);
    setResult(undefined);
    setPressedAt(Date.now());
    receiveCoupon(name)
      .then((answer) => setResult({ ok: true, message: answer.message }))
      .catch((failure: unknown) =>
        setResult({
          ok: false,
          message: failure instanceof ApiError && failure.kind === 'server' ? failure.message : t('promo.coupon.failed'),
        }),
      );
  };

  if (isPending)
    return (
      <PageLayout>
        <div className={styles.page} role="status" aria-label={t('common.loading')}>
          <Skeleton height={220} radius={12} />
        </div>
      </PageLayout>
    );
  if (isError) {
    const missing = error instanceof ApiError && error.kind === 'server';
    return (
      <PageLayout>
        <Notice icon="wallet" title={missing ? t('promo.coupon.notFound') : t('promo.failed')} role="alert">
          {!missing && <Button onClick={() => void refetch()}>{t('common.retry')}</Button>}
        </Notice>
      </PageLayout>
    );
  }
  return (
    <PageLayout>
      <div className={styles.page}>
        <article className={styles.card} data-testid="coupon" data-status={data.status}>
          <h2 className={styles.title}>{data.title}</h2>
          <p className={styles.amount}>{t('promo.coupon.amount', { amount: formatCentavos(data.amount) })}</p>
          <p className={styles.dim}>{data.summary}</p>
          <p className={styles.dim}>
            {t(`promo.coupon.status.${data.status}`)}
            {data.status === 'available' && ` · ${t('promo.coupon.left', { count: data.left })}`}
          </p>
          <h3 className={styles.termsTitle}>{t('promo.terms')}</h3>
          <ul className={styles.terms}>
            {data.terms.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </article>
        <div aria-live="polite" className={styles.section}>
          {receiving && !shown && (
            <p className={styles.refusal} role="status" data-testid="coupon-receiving">
              {t('promo.coupon.receiving')}
            </p>
          )}
          {shown && (
            <p className={shown.ok ? styles.success : styles.refusal} data-testid="coupon-result" data-ok={shown.ok}>
              {shown.message}
            </p>
          )}
        </div>
        {data.status === 'available' && !shown?.ok ? (
          <Button block busy={receiving} onClick={receive} data-testid="coupon-receive">
            {t('promo.coupon.receive', { amount: formatCentavos(data.amount) })}
          </Button>
        ) : data.status === 'received' || shown?.ok ? (
          <Link to="/bonus" className={styles.link} data-testid="coupon-see-bonus">
            {t('promo.coupon.seeBonus')}
          </Link>
        ) : null}
      </div>
    </PageLayout>
  );
}
