import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WITHDRAW_PRESETS } from '../../contract/constants';
import { MoneyCall } from '../../contract/money';
import { PaymentAccountType } from '../../contract/payments';
import { formatCentavos, parsePesos } from '../../lib/money';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { AmountField, useAmountMessage } from './AmountField';
import { MoneyOutAttempt, type Withdrawal, type WithdrawSwitch, accountsQuery, mayaWithdrawalUrlQuery, withdrawSwitchQuery } from './api';
import { ADD_PATH } from './AccountChoice';
import { BalanceCard } from './BalanceCard';
import { moneyOutRefusal } from './errors';
import { ClaimCode, primaryLink } from './OrderPages';
import { PasswordSheet } from './PasswordSheet';
import { amountProblem } from './rules';
import styles from './Withdraw.module.css';
import { balanceQuery } from '../../api/queries';

type Channel = 'agent' | 'maya';

/**
 * A withdrawal with no bound account to choose: cash at a store or agent (withdraw/withdrawByAgent), or
 * the Maya mini-app's own wallet (v2/createMayaWithdrawalRequest). Amount, password sheet, result.
 */
function DirectWithdraw({ channel, label, onDone }: { channel: Channel; label: string; onDone: (order: Withdrawal) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const amountMessage = useAmountMessage();
  const state = useQuery(withdrawSwitchQuery);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [asking, setAsking] = useState<number | null>(null);
  const attempt = useRef(new MoneyOutAttempt());

  useEffect(() => {
    if (state.data && !state.data.hasWithdrawPassword) void navigate({ href: `/setWithdrawPwd/${label}`, replace: true });
  }, [state.data, navigate, label]);

  if (state.isPending || state.data?.hasWithdrawPassword === false) return <PageSkeleton label={t('common.loading')} lines={8} />;
  if (state.isError) {
    return (
      <Notice icon="wifiOff" title={t('withdraw.loadFailed')} description={t('withdraw.loadFailedBody')} role="alert">
        <Button onClick={() => void state.refetch()}>{t('common.retry')}</Button>
      </Notice>
    );
  }
  const open = state.data[channel];
  if (!open) {
    return (
      <Notice icon="wallet" title={t('withdraw.ways.closedTitle')} description={t('withdraw.ways.noneOpenBody')}>
        {channel === 'agent' && <Link to="/withdraw">{t('withdraw.split.backToWithdraw')}</Link>}
      </Notice>
    );
  }
  const limits = limitsOf(state.data, channel);
  const problem = amountProblem(amount, limits);

  const submit = () => {
    setTouched(true);
    const centavos = parsePesos(amount);
    if (!problem && centavos !== undefined) setAsking(centavos);
  };

  const withdraw = async (password: string): Promise<string | undefined> => {
    if (asking === null) return undefined;
    try {
      const body = { amount: asking, withdrawPassword: password };
      const order = await attempt.current.send(
        channel === 'agent' ? { call: MoneyCall.withdrawByAgent, body } : { call: MoneyCall.createMayaWithdrawalRequest, body },
      );
      setAsking(null);
      void queryClient.invalidateQueries({ queryKey: ['main', MoneyCall.withdrawSwitch] });
      void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
      onDone(order);
      return undefined;
    } catch (error) {
      const refusal = moneyOutRefusal(error);
      if (refusal.kind === 'wrongPassword') return refusal.text;
      setAsking(null);
      if (refusal.kind === 'noPassword') void navigate({ href: `/setWithdrawPwd/${label}` });
      else
        showToast(
          'fail',
          refusal.kind === 'message' ? refusal.text : t('withdraw.errors.tooLargeForOne', { max: formatCentavos(limits.max) }),
        );
      return undefined;
    }
  };

  return (
    <>
      <BalanceCard state={state.data} />
      <section>
        <h2 className={styles.heading}>{t('withdraw.amount.title')}</h2>
        <AmountField
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setTouched(true);
          }}
          presets={state.data.amountList.length > 0 ? state.data.amountList : WITHDRAW_PRESETS.map((pesos) => pesos * 100)}
          min={limits.min}
          max={Math.min(limits.max, Math.max(limits.withdrawable, 0))}
          error={touched ? amountMessage(problem) : undefined}
        />
        <p className={styles.note}>{t(channel === 'agent' ? 'withdraw.store.intro' : 'withdraw.arrival.maya')}</p>
      </section>
      <Button block onClick={submit}>
        {t('withdraw.submit')}
      </Button>
      {asking !== null && (
        <PasswordSheet
          amountText={formatCentavos(asking)}
          destination={t(channel === 'agent' ? 'withdraw.ways.store' : 'withdraw.ways.maya')}
          label={label}
          onClose={() => setAsking(null)}
          onSubmit={withdraw}
        />
      )}
    </>
  );
}

/** One payout on this channel carries at most its channel limit (no split for cash or the mini-app). */
function limitsOf(state: WithdrawSwitch, channel: Channel) {
  return {
    min: state.minWithdrawAmount,
    max: Math.min(state.maxWithdrawAmount, state.channelMax[channel]),
    withdrawable: state.withdrawable,
  };
}

/** /withdraw/store: cash over the counter at a partner store or agent, claimed with a code before it expires. */
export function StoreWithdrawPage() {
  const { t } = useTranslation();
  const [order, setOrder] = useState<Withdrawal | null>(null);
  return (
    <PageLayout flush>
      <div className={styles.page}>
        {order ? (
          <>
            <div className={styles.hero} role="status">
              <h2 className={styles.heading}>{t('withdraw.store.ready')}</h2>
              <span className={styles.heroAmount}>{formatCentavos(order.amount)}</span>
            </div>
            <ClaimCode order={order} />
            <Link to="/withdrawInfo" search={{ orderNo: order.orderNo }} className={primaryLink}>
              {t('withdraw.submitted.follow')}
            </Link>
          </>
        ) : (
          <DirectWithdraw channel="agent" label="store" onDone={setOrder} />
        )}
      </div>
    </PageLayout>
  );
}

/**
 * /wallet-withdraw-app: the partner-app withdraw page, without the home chrome. In the Maya mini-app the
 * money goes to the player's own Maya wallet; Maya's own withdraw page is offered when it answers one.
 */
export function WithdrawAppPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayaPage = useQuery(mayaWithdrawalUrlQuery);
  const mayaAccounts = useQuery(accountsQuery(PaymentAccountType.Maya));
  // The mini-app pays out to the player's own Maya wallet: it must be bound first.
  if (mayaAccounts.data?.list.length === 0) {
    return (
      <PageLayout>
        <Notice
          icon="wallet"
          title={t('withdraw.accounts.emptyTitle', { way: t('withdraw.ways.maya') })}
          description={t('withdraw.accounts.emptyBody')}
        >
          <Link to={ADD_PATH.maya}>{t('withdraw.accounts.add.maya')}</Link>
        </Notice>
      </PageLayout>
    );
  }
  return (
    <PageLayout flush>
      <div className={styles.page}>
        <DirectWithdraw
          channel="maya"
          label="app"
          onDone={(order) => void navigate({ href: `/withdrawInfo?orderNo=${encodeURIComponent(order.orderNo)}` })}
        />
        {mayaPage.data?.url && /^https:\/\//.test(mayaPage.data.url) && (
          <a className={styles.addRow} href={mayaPage.data.url} rel="noopener">
            {t('withdraw.app.openMaya')}
          </a>
        )}
      </div>
    </PageLayout>
  );
}
