import { useTranslation } from 'react-i18next';
import { DepositStatus, WithdrawalStatus } from '../../contract/money';
import { DEPOSIT_STATUS_TONE } from './amounts';
import styles from './Wallet.module.css';

const WITHDRAWAL_TONE: Record<WithdrawalStatus, 'waiting' | 'good' | 'bad'> = {
  pending: 'waiting',
  processing: 'waiting',
  paid: 'good',
  failed: 'bad',
  reversed: 'bad',
};

const KNOWN: readonly string[] = [...DepositStatus, ...WithdrawalStatus];

/** A deposit's or withdrawal's status as a coloured word; an unknown status is shown as the server wrote it. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const tone = (DEPOSIT_STATUS_TONE as Record<string, string>)[status] ?? (WITHDRAWAL_TONE as Record<string, string>)[status] ?? 'waiting';
  return (
    <span className={`${styles.badge} ${styles[`badge_${tone}`]}`} data-status={status}>
      {KNOWN.includes(status) ? t(`wallet.statusWords.${status as DepositStatus | WithdrawalStatus}`) : status}
    </span>
  );
}
