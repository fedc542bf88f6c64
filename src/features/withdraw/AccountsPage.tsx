import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MoneyCall } from '../../contract/money';
import { showDialog, showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { ADD_PATH } from './AccountChoice';
import { type PaymentAccount, accountsQuery, deleteAccount } from './api';
import { ACCOUNT_TYPE_OF, type Way } from './rules';
import styles from './Withdraw.module.css';

/**
 * The accounts of one way. `manage` (/bankcard, /gcash, /paymaya): delete with a confirm, add while
 * under the most a player may keep. `choose` (/withdraw/bankcard, /withdraw/gcashAccount): a tap takes
 * the account back to the withdraw page.
 */
function AccountsPage({ way, mode }: { way: Way; mode: 'manage' | 'choose' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery(accountsQuery(ACCOUNT_TYPE_OF[way]));
  const wayName = t(`withdraw.wayInText.${way}`);

  const remove = (account: PaymentAccount) =>
    showDialog({
      title: t('withdraw.accounts.deleteTitle'),
      message: t('withdraw.accounts.deleteBody', { account: `${wayName} ${account.accountNo}` }),
      confirm: {
        label: t('withdraw.accounts.delete'),
        action: () =>
          void deleteAccount(account.bankAccountId)
            .then(async () => {
              await queryClient.invalidateQueries({ queryKey: ['main', MoneyCall.bankAccountList] });
              showToast('success', t('withdraw.accounts.deleted'));
            })
            .catch(() => undefined),
      },
      cancel: { label: t('common.cancel') },
    });

  if (query.isPending)
    return (
      <PageLayout>
        <PageSkeleton label={t('common.loading')} lines={4} />
      </PageLayout>
    );
  if (query.isError) {
    return (
      <PageLayout>
        <Notice icon="wifiOff" title={t('withdraw.accounts.loadFailed')} role="alert">
          <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>
        </Notice>
      </PageLayout>
    );
  }
  const { list, maxAccounts } = query.data;
  const full = list.length >= maxAccounts;
  return (
    <PageLayout flush>
      <div className={styles.page}>
        {list.length === 0 ? (
          <Notice
            icon="wallet"
            title={t('withdraw.accounts.emptyTitle', { way: wayName })}
            description={t('withdraw.accounts.emptyBody')}
          />
        ) : (
          <ul className={styles.accounts}>
            {list.map((account) => (
              <li key={account.bankAccountId} className={styles.account}>
                {mode === 'choose' ? (
                  <button
                    type="button"
                    className={`${styles.chooseRow} ${styles.plain}`}
                    onClick={() => void navigate({ href: `/withdraw?way=${way}&accountId=${account.bankAccountId}`, replace: true })}
                  >
                    <span className={styles.accountText}>
                      <span className={styles.accountNo}>{account.accountNo}</span>
                      <span className={styles.accountName}>{[account.bankName, account.accountName].filter(Boolean).join(' · ')}</span>
                    </span>
                    <Icon name="chevron" size={18} />
                  </button>
                ) : (
                  <>
                    <span className={styles.accountText}>
                      <span className={styles.accountNo}>{account.accountNo}</span>
                      <span className={styles.accountName}>{[account.bankName, account.accountName].filter(Boolean).join(' · ')}</span>
                    </span>
                    <button type="button" className={styles.danger} onClick={() => remove(account)}>
                      {t('withdraw.accounts.delete')}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        {full ? (
          <p className={styles.note}>{t('withdraw.accounts.full', { count: maxAccounts, way: wayName })}</p>
        ) : (
          <Link to={ADD_PATH[way]} className={styles.addRow}>
            <Icon name="plus" size={18} />
            {t(`withdraw.accounts.add.${way}`)}
          </Link>
        )}
        <p className={styles.note}>{t('withdraw.accounts.masked')}</p>
      </div>
    </PageLayout>
  );
}

export const BankAccountsPage = () => <AccountsPage way="bank" mode="manage" />;
export const GcashAccountsPage = () => <AccountsPage way="gcash" mode="manage" />;
export const MayaAccountsPage = () => <AccountsPage way="maya" mode="manage" />;
export const ChooseBankAccountPage = () => <AccountsPage way="bank" mode="choose" />;
export const ChooseGcashAccountPage = () => <AccountsPage way="gcash" mode="choose" />;
