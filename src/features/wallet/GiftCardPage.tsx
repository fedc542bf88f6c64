import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { formatCentavos } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { giftCardsQuery, receiveVoucher } from './api';
import { StatusBadge } from './StatusBadge';
import { VoucherForm } from './VoucherForm';
import styles from './Wallet.module.css';

/** /giftCard: redeem a gift card or voucher code, and the cards the player has. */
export function GiftCardPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery(giftCardsQuery);
  return (
    <PageLayout flush>
      <div className={styles.form}>
        <h2 className={styles.sectionTitle}>{t('wallet.giftRedeem')}</h2>
        <VoucherForm redeem={receiveVoucher} onDone={() => void queryClient.invalidateQueries({ queryKey: giftCardsQuery.queryKey })} />
        <h2 className={styles.sectionTitle}>{t('wallet.giftMine')}</h2>
      </div>
      {isPending ? (
        <PageSkeleton label={t('common.loading')} lines={3} />
      ) : isError ? (
        <Notice icon="gift" title={t('wallet.giftFailed')} role="alert">
          <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
        </Notice>
      ) : data.length === 0 ? (
        <Notice icon="gift" title={t('wallet.giftNone')} />
      ) : (
        <ul className={styles.list} data-testid="gift-cards">
          {data.map((card) => (
            <li key={card.cardNo} className={styles.row}>
              <span className={styles.rowText}>
                <strong>{card.cardNo}</strong>
                {card.expiresAt && (
                  <span className={styles.dim}>{t('wallet.validUntilDate', { date: formatDateTime(card.expiresAt, i18n.language) })}</span>
                )}
              </span>
              <span className={styles.rowAmount}>
                {formatCentavos(card.amount)}
                <StatusBadge status={card.status} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </PageLayout>
  );
}
