import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Attempt } from '../../api/attempt';
import { formatCentavos } from '../../lib/money';
import { Button } from '../../ui/Button';
import { checkAmount, depositPresets, showAmountError as showError, turnoverTimes } from './amounts';
import { AmountPicker, useAmountError } from './AmountPicker';
import { type PayWay, createOnlineOrder, payWaysQuery } from './api';
import styles from './Wallet.module.css';

/** Only the provider's own page over https (or this app's simulator in development) is a place to send the player. */
export function checkoutAddress(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const address = new URL(url, location.origin);
    if (address.protocol === 'https:' || address.origin === location.origin) return address.href;
  } catch {
    // not an address
  }
  return undefined;
}

/**
 * GCash or Maya: the channel, the amount (presets, min/max, fee), the turnover rule said plainly, then
 * off to the provider's hosted checkout. The provider sends the player back to /gpoorder.
 */
export function EWalletForm({ payWay, firstDeposit, turnoverPercent }: { payWay: PayWay; firstDeposit: boolean; turnoverPercent: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const amountError = useAmountError();
  const firstOpen = payWay.channels.find((channel) => channel.available);
  const [channelId, setChannelId] = useState(firstOpen?.channelId ?? '');
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  // One key per attempt: a tap retried after a lost answer is the same order, a new amount a new one.
  const attempt = useRef(new Attempt());

  const channel = payWay.channels.find((item) => item.channelId === channelId && item.available);
  const limits = channel ?? payWay;
  const check = checkAmount(text, limits);
  const times = turnoverTimes(turnoverPercent);

  const submit = async () => {
    setTried(true);
    if (!check.ok || !channel) return;
    setBusy(true);
    try {
      const body = { payType: payWay.payType as 'gcash' | 'maya', channelId: channel.channelId, amount: check.centavos };
      const order = await attempt.current.send(body, (key) => createOnlineOrder(body, key));
      const checkout = order.status === 'pending' ? checkoutAddress(order.checkoutUrl) : undefined;
      // Busy stays on while the browser leaves for the provider's page.
      if (checkout) window.location.assign(checkout);
      else void navigate({ to: '/gpoorder', search: { orderNo: order.orderNo } });
    } catch {
      // A channel that just went down (GW_801104) is shown unavailable.
      void queryClient.invalidateQueries({ queryKey: payWaysQuery.queryKey });
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.section}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className={styles.sectionTitle}>{t('wallet.channel')}</h2>
      <div className={styles.channels} role="radiogroup" aria-label={t('wallet.channel')}>
        {payWay.channels.map((item) => (
          <button
            key={item.channelId}
            type="button"
            role="radio"
            className={styles.channel}
            aria-checked={item.channelId === channelId && item.available}
            disabled={!item.available}
            onClick={() => setChannelId(item.channelId)}
            data-testid="deposit-channel"
          >
            <img className={styles.logo} src={item.logo} alt="" width={32} height={32} />
            <span className={styles.channelText}>
              <span className={styles.channelName}>{item.name}</span>
              <span className={styles.dim}>{item.feeText}</span>
            </span>
            {!item.available && <span className={styles.down}>{t('wallet.unavailable')}</span>}
          </button>
        ))}
      </div>
      {!firstOpen ? (
        <p className={styles.note} role="status">
          {t('wallet.allDown', { name: payWay.name })}
        </p>
      ) : (
        <>
          <AmountPicker
            text={text}
            onText={setText}
            presets={depositPresets(payWay, limits, firstDeposit)}
            limits={limits}
            error={showError(tried, check) ? amountError(check, limits) : undefined}
            feeText={channel?.feeText}
          />
          {times && (
            <p className={styles.note} data-testid="turnover-rule">
              {t('wallet.turnoverRule', { times })}
            </p>
          )}
          <Button type="submit" block busy={busy} data-testid="deposit-submit">
            {check.ok ? t('wallet.depositAmount', { amount: formatCentavos(check.centavos) }) : t('common.deposit')}
          </Button>
        </>
      )}
    </form>
  );
}
