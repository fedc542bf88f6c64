import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyCall } from '../../contract/money';
import { formatCentavos } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { MoneyOutAttempt, accountsQuery, checkOrderQuota } from './api';
import { moneyOutRefusal } from './errors';
import { PasswordSheet } from './PasswordSheet';
import { ACCOUNT_TYPE_OF, WAYS, type Way, describeSplit } from './rules';
import styles from './Withdraw.module.css';
import { balanceQuery } from '../../api/queries';

interface Part {
  amount: number;
  state: 'waiting' | 'sending' | 'done' | 'failed';
  orderNo?: string;
  message?: string;
  /** Each part is its own order with its own idempotency key. */
  attempt: MoneyOutAttempt;
}

const whole = (value: string | undefined) => (value && /^\d{1,12}$/.test(value) ? Number(value) : undefined);

/**
 * /split-withdraw?amount=…&accountId=…&way=…: an amount above one payout's limit, paid as several
 * withdrawals. The plan comes from checkOrderQuota; one password entry sends each part as its own order,
 * one after the other, with its progress beside it.
 */
export function SplitWithdrawPage({ amount, accountId, way }: { amount?: string; accountId?: string; way?: string }) {
  const { t } = useTranslation();
  const total = whole(amount);
  const bankAccountId = whole(accountId);
  const valid = total !== undefined && bankAccountId !== undefined && (WAYS as readonly string[]).includes(way ?? '');
  if (!valid) {
    return (
      <PageLayout>
        <Notice icon="info" title={t('withdraw.split.missing')} description={t('withdraw.split.missingBody')}>
          <Link to="/withdraw">{t('withdraw.split.backToWithdraw')}</Link>
        </Notice>
      </PageLayout>
    );
  }
  return <SplitPlan total={total} bankAccountId={bankAccountId} way={way as Way} />;
}

function SplitPlan({ total, bankAccountId, way }: { total: number; bankAccountId: number; way: Way }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accountType = ACCOUNT_TYPE_OF[way];
  const quota = useQuery({
    queryKey: ['main', MoneyCall.checkOrderQuota, total, accountType],
    queryFn: () => checkOrderQuota({ amount: total, accountType }),
  });
  const accounts = useQuery(accountsQuery(accountType));
  const [parts, setParts] = useState<Part[] | null>(null);
  const [asking, setAsking] = useState(false);

  if (quota.isPending || accounts.isPending)
    return (
      <PageLayout>
        <PageSkeleton label={t('common.loading')} lines={6} />
      </PageLayout>
    );
  if (quota.isError || accounts.isError) {
    return (
      <PageLayout>
        <Notice icon="wifiOff" title={t('withdraw.loadFailed')} description={t('withdraw.loadFailedBody')} role="alert">
          <Button onClick={() => void Promise.all([quota.refetch(), accounts.refetch()])}>{t('common.retry')}</Button>
        </Notice>
      </PageLayout>
    );
  }
  const account = accounts.data.list.find((item) => item.bankAccountId === bankAccountId);
  const amounts = quota.data.allowed ? [total] : quota.data.splits;
  if (!account || amounts.length === 0) {
    return (
      <PageLayout>
        <Notice
          icon="info"
          title={t('withdraw.split.cannot')}
          description={quota.data.message ?? t('withdraw.split.missingBody')}
          role="alert"
        >
          <Link to="/withdraw">{t('withdraw.split.backToWithdraw')}</Link>
        </Notice>
      </PageLayout>
    );
  }
  const shown: Part[] = parts ?? amounts.map((part) => ({ amount: part, state: 'waiting', attempt: new MoneyOutAttempt() }));
  const destination = `${t(`withdraw.ways.${way}`)} ${account.accountNo}`;
  const allDone = shown.every((part) => part.state === 'done');
  const started = shown.some((part) => part.state !== 'waiting');

  const send = async (password: string): Promise<string | undefined> => {
    const next = shown.map((part) => ({ ...part }));
    const update = () => setParts(next.map((part) => ({ ...part })));
    for (const part of next) {
      if (part.state === 'done') continue;
      part.state = 'sending';
      delete part.message;
      update();
      try {
        const order = await part.attempt.send({
          call: MoneyCall.createWithdrawalRequest,
          body: { bankAccountId, amount: part.amount, withdrawPassword: password },
        });
        part.state = 'done';
        part.orderNo = order.orderNo;
        update();
      } catch (error) {
        const refusal = moneyOutRefusal(error);
        if (refusal.kind === 'wrongPassword') {
          part.state = 'waiting';
          update();
          return refusal.text;
        }
        part.state = 'failed';
        part.message = refusal.kind === 'message' ? refusal.text : t('withdraw.errors.unknown');
        update();
        if (refusal.kind === 'noPassword') void navigate({ href: '/setWithdrawPwd/withdraw' });
        break;
      }
    }
    void queryClient.invalidateQueries({ queryKey: ['main', MoneyCall.withdrawSwitch] });
    void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
    setAsking(false);
    return undefined;
  };

  return (
    <PageLayout flush>
      <div className={styles.page}>
        <section className={styles.card}>
          <h2 className={styles.heading}>{t('withdraw.split.planTitle', { count: amounts.length })}</h2>
          <p className={styles.note} data-testid="split-plan">
            {t('withdraw.split.plan', { count: amounts.length, plan: describeSplit(amounts), total: formatCentavos(total), destination })}
          </p>
          {quota.data.channelMax > 0 && (
            <p className={`${styles.note} ${styles.spaced}`}>{t('withdraw.split.why', { max: formatCentavos(quota.data.channelMax) })}</p>
          )}
        </section>
        <ol className={styles.parts} aria-label={t('withdraw.split.partsLabel')}>
          {shown.map((part, index) => (
            <li key={index} className={styles.part}>
              <span>
                {t('withdraw.split.part', { n: index + 1, count: shown.length })} · {formatCentavos(part.amount)}
              </span>
              <span className={styles.partState} role="status">
                {part.state === 'done' && part.orderNo ? (
                  <Link to="/withdrawInfo" search={{ orderNo: part.orderNo }}>
                    {t('withdraw.split.state.done')}
                  </Link>
                ) : (
                  (part.message ?? t(`withdraw.split.state.${part.state}`))
                )}
              </span>
            </li>
          ))}
        </ol>
        {allDone ? (
          <p className={styles.warn} role="status">
            {t('withdraw.split.allDone', { count: shown.length })}
          </p>
        ) : (
          <Button block onClick={() => setAsking(true)}>
            {started ? t('withdraw.split.sendRest') : t('withdraw.split.confirm', { count: amounts.length })}
          </Button>
        )}
        <p className={styles.note}>{t('withdraw.split.each')}</p>
      </div>
      {asking && (
        <PasswordSheet
          amountText={formatCentavos(shown.filter((part) => part.state !== 'done').reduce((sum, part) => sum + part.amount, 0))}
          destination={destination}
          onClose={() => setAsking(false)}
          onSubmit={send}
        />
      )}
    </PageLayout>
  );
}
