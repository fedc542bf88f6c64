import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUPON_RESULT_DELAY_MS } from '../../contract/constants';
import { Attempt } from '../../api/attempt';
import { ApiError } from '../../api/client';
import { formatCentavos } from '../../lib/money';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { type VoucherResult, depositByVoucher } from './api';
import { refreshBalance } from './balance';
import styles from './Wallet.module.css';
import { timers } from '../../lib/timers';

/**
 * A voucher code turned into money. `redeem` is the call (deposit/depositByVoucher here,
 * customer/receiveVoucher on /giftCard); the result is shown after the spec's 2 s delay (§9). A result
 * belongs to the attempt that made it (issue 32): a new attempt, or a change to the code, clears the
 * last one, and a refusal stays under the field (the toast goes after 3 s) instead of an earlier success.
 */
export function VoucherForm({
  redeem = depositByVoucher,
  onDone,
}: {
  redeem?: (code: string, idempotencyKey: string) => Promise<VoucherResult>;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<VoucherResult>();
  const attempt = useRef(new Attempt());

  const submit = async () => {
    setResult(undefined);
    const voucherCode = code.trim();
    if (voucherCode.length < 4 || voucherCode.length > 64) {
      setError(t('wallet.voucherInvalid'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const answer = await attempt.current.send(voucherCode, (key) => redeem(voucherCode, key));
      await timers.sleep(COUPON_RESULT_DELAY_MS);
      setResult(answer);
      setCode('');
      void refreshBalance(0);
      onDone?.();
    } catch (error) {
      // The API client already said why in a toast (used, expired, unknown code); the field keeps it.
      if (error instanceof ApiError && error.kind === 'server' && error.message) setError(error.message);
    } finally {
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
      <TextField
        label={t('wallet.voucherCode')}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={64}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
          setResult(undefined);
        }}
        error={error}
        hint={t('wallet.voucherHint')}
      />
      <Button type="submit" block busy={busy}>
        {busy ? t('wallet.voucherChecking') : t('wallet.voucherRedeem')}
      </Button>
      {result && (
        <p className={styles.note} role="status" data-testid="voucher-result">
          {result.message || t('wallet.voucherDone', { amount: formatCentavos(result.amount) })}
        </p>
      )}
    </form>
  );
}
