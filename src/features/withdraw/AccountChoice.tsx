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
  const wayName = t(`withdraw.wayInText.${way}`);
  // The radio group holds the radios only; the way to add one follows it (a list item or a link inside
  // a radio group is not a radio). Both columns have the same gap: the rows sit as they did in one list.
  return (
    <div className={styles.accounts}>
      {list.length > 0 && (
        <div className={styles.accounts} role="radiogroup" aria-label={t('withdraw.accounts.to', { way: wayName })}>
          {list.map((account) => (
            <button
              key={account.bankAccountId}
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
          ))}
        </div>
      )}
      {list.length === 0 ? (
        <div>
          <p className={styles.note}>{t('withdraw.accounts.none', { way: wayName })}</p>
          <Link to={ADD_PATH[way]} className={styles.addRow}>
            <Icon name="plus" size={18} />
            {t(`withdraw.accounts.add.${way}`)}
          </Link>
        </div>
      ) : list.length < maxAccounts ? (
        <Link to={ADD_PATH[way]} className={styles.addRow}>
          <Icon name="plus" size={18} />
          {t(`withdraw.accounts.add.${way}`)}
        </Link>
      ) : null}
    </div>
  );
}
