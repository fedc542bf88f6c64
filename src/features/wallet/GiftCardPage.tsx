import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUPON_RESULT_DELAY_MS } from '../../contract/constants';
import { formatDateTime } from '../../lib/dates';
import { uuid } from '../../lib/ids';
import { formatCentavos } from '../../lib/money';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import recordStyles from '../../ui/RecordList.module.css';
import { PageSkeleton } from '../../ui/Skeleton';
import { type GiftCard, giftCardsQuery, receiveVoucher, redeemGiftCard } from './api';
import { refreshBalance } from './balance';
import { VoucherForm } from './VoucherForm';
import styles from './Wallet.module.css';
import { timers } from '../../lib/timers';

/** /giftCard: the player's gift cards (redeem each once), and a gift card or voucher code typed in. */
export function GiftCardPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery(giftCardsQuery);
  const reload = () => void queryClient.invalidateQueries({ queryKey: giftCardsQuery.queryKey });
  return (
    <PageLayout flush>
      <div className={styles.form}>
        <h2 className={styles.sectionTitle}>{t('wallet.giftMine')}</h2>
        {isPending ? (
          <PageSkeleton label={t('common.loading')} lines={3} />
        ) : isError ? (
          <Notice icon="gift" title={t('wallet.giftFailed')} role="alert">
            <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
          </Notice>
        ) : data.length === 0 ? (
          <p className={styles.dim}>{t('wallet.giftNone')}</p>
        ) : (
          <ul className={styles.channels} data-testid="gift-cards">
            {data.map((card) => (
              <GiftCardRow key={card.giftCardId} card={card} onRedeemed={reload} />
            ))}
          </ul>
        )}
        <h2 className={styles.sectionTitle}>{t('wallet.giftRedeem')}</h2>
        <VoucherForm redeem={receiveVoucher} onDone={reload} />
      </div>
    </PageLayout>
  );
}

function GiftCardRow({ card, onRedeemed }: { card: GiftCard; onRedeemed: () => void }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  // One key per card: a tap retried after a lost answer is the same redemption.
  const key = useRef(uuid());
  const redeem = async () => {
    setBusy(true);
    try {
      const answer = await redeemGiftCard(card.giftCardId, key.current);
      await timers.sleep(COUPON_RESULT_DELAY_MS);
      showToast('success', answer.message || t('wallet.voucherDone', { amount: formatCentavos(answer.amount) }));
      void refreshBalance(0);
      onRedeemed();
    } catch {
      // The API client already said why (expired, already used).
    } finally {
      setBusy(false);
    }
  };
  const when = card.status === 'redeemed' && card.redeemedAt ? card.redeemedAt : card.expiresAt;
  return (
    <li className={recordStyles.row} data-status={card.status}>
      <span className={recordStyles.rowText}>
        <strong>{formatCentavos(card.amount)}</strong>
        <span className={styles.dim}>{card.code}</span>
        <span className={styles.dim}>{t(`wallet.giftWhen.${card.status}`, { date: formatDateTime(when, i18n.language) })}</span>
      </span>
      {card.status === 'active' ? (
        <Button size="small" busy={busy} onClick={() => void redeem()}>
          {t('wallet.voucherRedeem')}
        </Button>
      ) : (
        <span className={`${styles.badge} ${styles.badge_bad}`}>{t(`wallet.giftStatus.${card.status}`)}</span>
      )}
    </li>
  );
}
