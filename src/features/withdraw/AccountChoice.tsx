import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/Icon';
import { Skeleton } from '../../ui/Skeleton';
import type { AccountList } from './api';
import type { Way } from './rules';
import styles from './Withdraw.module.css';

/** Where each way's accounts are added (spec §2). */
export const ADD_PATH: Record<Way, string> = { gcash: '/gcash/addGcash', maya: '/paymaya/add', bank: '/bankcard/add' };
/** Where each way's accounts are listed and deleted. */
export const MANAGE_PATH: Record<Way, string> = { gcash: '/gcash', maya: '/paymaya', bank: '/bankcard' };

/** The player's bound accounts of one way as radio rows (numbers masked by the server), and a way to bind one. */
export function AccountChoice({
  way,
  query,
  chosen,
  onChoose,
}: {
  way: Way;
  query: UseQueryResult<AccountList>;
  chosen: number | undefined;
  onChoose: (bankAccountId: number) => void;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div role="status" aria-label={t('common.loading')}>
        <Skeleton height={56} radius={12} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <p className={styles.warn} role="alert">
        {t('withdraw.accounts.loadFailed')}{' '}
        <button type="button" className={styles.linkButton} onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </p>
    );
  }
  const { list, maxAccounts } = query.data;
  return (
    <ul className={styles.accounts} role="radiogroup" aria-label={t('withdraw.accounts.to', { way: t(`withdraw.wayInText.${way}`) })}>
      {list.map((account) => (
        <li key={account.bankAccountId}>
          <button
            type="button"
            role="radio"
            aria-checked={account.bankAccountId === chosen}
            className={styles.account}
            onClick={() => onChoose(account.bankAccountId)}
          >
            <span className={styles.radio} aria-hidden="true" />
            <span className={styles.accountText}>
              <span className={styles.accountNo}>{account.accountNo}</span>
              <span className={styles.accountName}>{[account.bankName, account.accountName].filter(Boolean).join(' · ')}</span>
            </span>
          </button>
        </li>
      ))}
      {list.length === 0 ? (
        <li>
          <p className={styles.note}>{t('withdraw.accounts.none', { way: t(`withdraw.wayInText.${way}`) })}</p>
          <Link to={ADD_PATH[way]} className={styles.addRow}>
            <Icon name="plus" size={18} />
            {t(`withdraw.accounts.add.${way}`)}
          </Link>
        </li>
      ) : list.length < maxAccounts ? (
        <li>
          <Link to={ADD_PATH[way]} className={styles.addRow}>
            <Icon name="plus" size={18} />
            {t(`withdraw.accounts.add.${way}`)}
          </Link>
        </li>
      ) : null}
    </ul>
  );
}
