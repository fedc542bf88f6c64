import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { Attempt } from '../../api/attempt';
import { formatCentavos } from '../../lib/money';
import { Button } from '../../ui/Button';
import { checkAmount, depositPresets, showAmountError } from './amounts';
import { AmountPicker, useAmountError } from './AmountPicker';
import { type DepositOrder, type PayWay, depositByAgent } from './api';
import { CopyButton } from './CopyButton';
import styles from './Wallet.module.css';

/** Cash at an agent or partner store: the amount, then a code to show the cashier, valid until a time. */
export function AgentForm({ payWay, firstDeposit }: { payWay: PayWay; firstDeposit: boolean }) {
  const { t, i18n } = useTranslation();
  const amountError = useAmountError();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [order, setOrder] = useState<DepositOrder>();
  const attempt = useRef(new Attempt());
  const check = checkAmount(text, payWay);

  const submit = async () => {
    setTried(true);
    if (!check.ok) return;
    setBusy(true);
    try {
      const body = { amount: check.centavos };
      setOrder(await attempt.current.send(body, (key) => depositByAgent(body, key)));
    } catch {
      // The API client already said why.
    } finally {
      setBusy(false);
    }
  };

  if (order?.agentCode) {
    return (
      <section className={styles.status} data-testid="agent-code">
        <p className={styles.dim}>{t('wallet.agentShow')}</p>
        <span className={styles.code}>{order.agentCode}</span>
        <CopyButton value={order.agentCode} label={t('wallet.agentCode')} />
        <dl className={styles.facts}>
          <div>
            <dt>{t('wallet.amount')}</dt>
            <dd>{formatCentavos(order.amount)}</dd>
          </div>
          {order.expiresAt && (
            <div>
              <dt>{t('wallet.validUntil')}</dt>
              <dd>{formatDateTime(order.expiresAt, i18n.language)}</dd>
            </div>
          )}
          <div>
            <dt>{t('wallet.orderNo')}</dt>
            <dd>{order.orderNo}</dd>
          </div>
        </dl>
        <p className={styles.dim}>{t('wallet.agentAfter')}</p>
        <Button variant="secondary" onClick={() => setOrder(undefined)}>
          {t('wallet.agentAnother')}
        </Button>
      </section>
    );
  }

  return (
    <form
      className={styles.section}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className={styles.dim}>{t('wallet.agentIntro')}</p>
      <AmountPicker
        text={text}
        onText={setText}
        presets={depositPresets(payWay, payWay, firstDeposit)}
        limits={payWay}
        error={showAmountError(tried, check) ? amountError(check, payWay) : undefined}
      />
      <Button type="submit" block busy={busy}>
        {t('wallet.agentGetCode')}
      </Button>
    </form>
  );
}
