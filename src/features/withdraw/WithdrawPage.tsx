import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WITHDRAW_PRESETS } from '../../contract/constants';
import { MoneyCall } from '../../contract/money';
import { formatCentavos, parsePesos } from '../../lib/money';
import { showDialog, showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { AccountChoice, MANAGE_PATH } from './AccountChoice';
import { AmountField, useAmountMessage } from './AmountField';
import { MoneyOutAttempt, type PaymentAccount, type WithdrawSwitch, accountsQuery, checkOrderQuota, withdrawSwitchQuery } from './api';
import { moneyOutRefusal } from './errors';
import { PasswordSheet } from './PasswordSheet';
import { useMoneyPushes } from './pushes';
import { ACCOUNT_TYPE_OF, WAYS, type Way, amountProblem } from './rules';
import { BalanceCard } from './BalanceCard';
import styles from './Withdraw.module.css';
import { balanceQuery } from '../../api/queries';

export interface WithdrawPageProps {
  way?: string | undefined;
  payType?: string | undefined;
  accountId?: string | undefined;
}

/** The presets of the switch answer, or spec §9's when it sends none. */
function presetsOf(state: WithdrawSwitch): number[] {
  return state.amountList.length > 0 ? state.amountList : WITHDRAW_PRESETS.map((pesos) => pesos * 100);
}

/**
 * /withdraw and /wallet/withdraw (and /withdraw/gcash, /withdraw/bank with their way fixed): the ways
 * out that are open, what can be withdrawn now and why not more, an amount, a bound account, then the
 * withdrawal password in a sheet. A player without a withdrawal password is sent to set one first.
 */
export function WithdrawPage({
  payType,
  way: wayParam = payType,
  accountId,
  home = 'withdraw',
}: WithdrawPageProps & { home?: 'withdraw' | 'wallet' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useMoneyPushes();
  const state = useQuery(withdrawSwitchQuery);
  const basePath = home === 'wallet' ? '/wallet/withdraw' : '/withdraw';

  useEffect(() => {
    if (state.data && !state.data.hasWithdrawPassword) void navigate({ href: `/setWithdrawPwd/${home}`, replace: true });
  }, [state.data, navigate, home]);

  if (state.isPending)
    return (
      <PageLayout>
        <PageSkeleton label={t('common.loading')} lines={8} />
      </PageLayout>
    );
  if (state.isError) {
    return (
      <PageLayout>
        <Notice icon="wifiOff" title={t('withdraw.loadFailed')} description={t('withdraw.loadFailedBody')} role="alert">
          <Button onClick={() => void state.refetch()}>{t('common.retry')}</Button>
        </Notice>
      </PageLayout>
    );
  }
  if (!state.data.hasWithdrawPassword)
    return (
      <PageLayout>
        <PageSkeleton label={t('common.loading')} />
      </PageLayout>
    );

  const open = WAYS.filter((way) => state.data[way]);
  const way = (WAYS as readonly string[]).includes(wayParam ?? '') && state.data[wayParam as Way] ? (wayParam as Way) : open[0];
  return (
    <PageLayout flush>
      <div className={styles.page}>
        <BalanceCard state={state.data} />
        <section aria-labelledby="ways">
          <h2 id="ways" className={styles.heading}>
            {t('withdraw.ways.title')}
          </h2>
          <div className={styles.ways}>
            {WAYS.map((option) => (
              <button
                key={option}
                type="button"
                className={styles.way}
                aria-pressed={option === way}
                disabled={!state.data[option]}
                onClick={() => void navigate({ href: `${basePath}?way=${option}`, replace: true })}
              >
                {t(`withdraw.ways.${option}`)}
                {!state.data[option] && <span className={styles.wayState}>{t('withdraw.ways.closed')}</span>}
              </button>
            ))}
            {state.data.agent ? (
              <Link to="/withdraw/store" className={styles.way}>
                {t('withdraw.ways.store')}
              </Link>
            ) : (
              <span className={styles.way} aria-disabled="true">
                {t('withdraw.ways.store')}
                <span className={styles.wayState}>{t('withdraw.ways.closed')}</span>
              </span>
            )}
          </div>
        </section>
        {way ? (
          <WithdrawForm key={way} way={way} state={state.data} accountId={accountId} home={home} />
        ) : (
          <Notice icon="wallet" title={t('withdraw.ways.noneOpen')} description={t('withdraw.ways.noneOpenBody')} />
        )}
      </div>
    </PageLayout>
  );
}

function WithdrawForm({ way, state, accountId, home }: { way: Way; state: WithdrawSwitch; accountId?: string | undefined; home: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const amountMessage = useAmountMessage();
  const accounts = useQuery(accountsQuery(ACCOUNT_TYPE_OF[way]));
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [chosen, setChosen] = useState<number | undefined>(accountId ? Number(accountId) : undefined);
  const [checking, setChecking] = useState(false);
  const [asking, setAsking] = useState<{ centavos: number; account: PaymentAccount } | null>(null);
  const attempt = useRef(new MoneyOutAttempt());

  const limits = { min: state.minWithdrawAmount, max: state.maxWithdrawAmount, withdrawable: state.withdrawable };
  const problem = amountProblem(amount, limits);
  const list = accounts.data?.list ?? [];
  const account = list.find((item) => item.bankAccountId === chosen) ?? list[0];
  const destination = account ? `${t(`withdraw.ways.${way}`)} ${account.accountNo}` : '';

  const offerSplit = (centavos: number, bankAccountId: number) =>
    showDialog({
      title: t('withdraw.split.offerTitle'),
      message: t('withdraw.split.offerBody', { max: formatCentavos(state.channelMax[way]), way: t(`withdraw.wayInText.${way}`) }),
      confirm: {
        label: t('withdraw.split.offerConfirm'),
        action: () => void navigate({ href: `/split-withdraw?amount=${centavos}&accountId=${bankAccountId}&way=${way}` }),
      },
      cancel: { label: t('common.cancel') },
    });

  const submit = async () => {
    setTouched(true);
    const centavos = parsePesos(amount);
    if (problem || centavos === undefined) return;
    if (!account) {
      showToast('fail', t('withdraw.accounts.chooseFirst'));
      return;
    }
    setChecking(true);
    try {
      const quota = await checkOrderQuota({ amount: centavos, accountType: ACCOUNT_TYPE_OF[way] });
      if (quota.allowed) setAsking({ centavos, account });
      else if (quota.splits.length > 1) offerSplit(centavos, account.bankAccountId);
      else showToast('fail', quota.message ?? t('withdraw.errors.unknown'));
    } catch {
      // told by the API client
    } finally {
      setChecking(false);
    }
  };

  const withdraw = async (password: string): Promise<string | undefined> => {
    if (!asking) return undefined;
    try {
      const order = await attempt.current.send({
        call: MoneyCall.createWithdrawalRequest,
        body: { bankAccountId: asking.account.bankAccountId, amount: asking.centavos, withdrawPassword: password },
      });
      void queryClient.invalidateQueries({ queryKey: ['main', MoneyCall.withdrawSwitch] });
      void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
      void navigate({ href: `/submitted?orderNo=${encodeURIComponent(order.orderNo)}` });
      return undefined;
    } catch (error) {
      const refusal = moneyOutRefusal(error);
      if (refusal.kind === 'wrongPassword') return refusal.text;
      setAsking(null);
      if (refusal.kind === 'noPassword') void navigate({ href: `/setWithdrawPwd/${home}` });
      else if (refusal.kind === 'split') offerSplit(asking.centavos, asking.account.bankAccountId);
      else showToast('fail', refusal.text);
      return undefined;
    }
  };

  return (
    <>
      <section aria-labelledby="to-account">
        <div className={styles.headingRow}>
          <h2 id="to-account" className={styles.heading}>
            {t('withdraw.accounts.to', { way: t(`withdraw.wayInText.${way}`) })}
          </h2>
          {(accounts.data?.list.length ?? 0) > 0 && (
            <Link to={MANAGE_PATH[way]} className={styles.linkButton}>
              {t('withdraw.accounts.manage')}
            </Link>
          )}
        </div>
        <AccountChoice way={way} query={accounts} chosen={account?.bankAccountId} onChoose={setChosen} />
      </section>
      <section aria-labelledby="amount">
        <h2 id="amount" className={styles.heading}>
          {t('withdraw.amount.title')}
        </h2>
        <AmountField
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
          presets={presetsOf(state)}
          min={state.minWithdrawAmount}
          max={Math.min(state.maxWithdrawAmount, Math.max(state.withdrawable, 0))}
          error={touched ? amountMessage(problem) : undefined}
        />
        <p className={styles.note}>{t(`withdraw.arrival.${way}`)}</p>
      </section>
      <Button block busy={checking} onClick={() => void submit()} disabled={accounts.isPending}>
        {t('withdraw.submit')}
      </Button>
      {asking && (
        <PasswordSheet
          amountText={formatCentavos(asking.centavos)}
          destination={destination}
          label={home}
          onClose={() => setAsking(null)}
          onSubmit={withdraw}
        />
      )}
    </>
  );
}

export const WalletWithdrawPage = (props: WithdrawPageProps) => <WithdrawPage {...props} home="wallet" />;
export const WithdrawGcashPage = (props: WithdrawPageProps) => <WithdrawPage {...props} way="gcash" />;
export const WithdrawBankPage = (props: WithdrawPageProps) => <WithdrawPage {...props} way="bank" />;
