import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { Skeleton } from '../../ui/Skeleton';
import { AgentForm } from './AgentForm';
import { type PayWay, payWaysQuery } from './api';
import { BankDepositStart } from './BankDeposit';
import { EWalletForm } from './EWalletForm';
import type { DepositSearch } from './search';
import { VoucherForm } from './VoucherForm';
import styles from './Wallet.module.css';

function DepositSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.form} role="status" aria-label={t('common.loading')}>
      <div className={styles.payTypes}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} width={72} height={64} radius={12} />
        ))}
      </div>
      <Skeleton height={56} radius={12} />
      <Skeleton height={56} radius={12} />
      <div className={styles.presets}>
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} height={44} radius={12} />
        ))}
      </div>
      <Skeleton height={48} radius={12} />
    </div>
  );
}

/**
 * The ways to pay in (deposit/queryPayWays) and the form of the one chosen. The page, the partner-app
 * page and the deposit overlay all show this; the overlay keeps to the e-wallets and links to the rest.
 */
export function DepositForm({ payType, compact = false, onLeave }: DepositSearch & { compact?: boolean; onLeave?: () => void }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(payWaysQuery);
  const [chosen, setChosen] = useState(payType);
  if (isPending) return <DepositSkeleton />;
  if (isError) {
    return (
      <Notice icon="wallet" title={t('wallet.payWaysFailed')} description={t('wallet.payWaysFailedBody')} role="alert">
        <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
      </Notice>
    );
  }
  const ways = compact ? data.payTypes.filter((way) => way.payType === 'gcash' || way.payType === 'maya') : data.payTypes;
  if (ways.length === 0) return <Notice icon="wallet" title={t('wallet.noPayWays')} />;
  // Unless the player chose, the first way that can take money now (a channel may be down).
  const open = (item: PayWay) => (item.payType !== 'gcash' && item.payType !== 'maya') || item.channels.some((c) => c.available);
  const way = ways.find((item) => item.payType === chosen) ?? ways.find(open) ?? ways[0]!;
  return (
    // In the sheet, the sheet's own padding frames the form.
    <div className={compact ? styles.formFlat : styles.form}>
      <div className={styles.payTypes} role="group" aria-label={t('wallet.payType')}>
        {ways.map((item) => (
          <button
            key={item.payType}
            type="button"
            className={styles.payType}
            aria-pressed={item.payType === way.payType}
            onClick={() => setChosen(item.payType)}
            data-testid="pay-type"
          >
            <img className={styles.logo} src={item.logo} alt="" width={32} height={32} />
            {item.name}
          </button>
        ))}
      </div>
      {way.payType === 'gcash' || way.payType === 'maya' ? (
        <EWalletForm key={way.payType} payWay={way} firstDeposit={data.firstDeposit} turnoverPercent={data.turnoverPercent} />
      ) : way.payType === 'bank' ? (
        <BankDepositStart />
      ) : way.payType === 'voucher' ? (
        <VoucherForm />
      ) : (
        <AgentForm payWay={way} firstDeposit={data.firstDeposit} />
      )}
      {compact && (
        <Link to="/wallet/deposit" className={styles.more} onClick={onLeave}>
          {t('wallet.moreWays')}
        </Link>
      )}
    </div>
  );
}
