import { PageLayout } from '../../ui/PageLayout';
import { BankDepositStart, BankOrderView } from './BankDeposit';
import type { BankOrderSearch } from './search';
import styles from './Wallet.module.css';

/** /bankorder: a bank transfer deposit, from choosing the house bank to the receipt under review. */
export function BankOrderPage({ orderNo }: BankOrderSearch) {
  return (
    <PageLayout flush>
      {orderNo ? (
        <BankOrderView key={orderNo} orderNo={orderNo} />
      ) : (
        <div className={styles.form}>
          <BankDepositStart />
        </div>
      )}
    </PageLayout>
  );
}
