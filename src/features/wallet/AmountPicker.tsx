import { useTranslation } from 'react-i18next';
import { formatCentavos } from '../../lib/money';
import { TextField } from '../../ui/Field';
import presetStyles from '../../ui/AmountPresets.module.css';
import { type AmountCheck, amountText } from './amounts';
import styles from './Wallet.module.css';

export interface Limits {
  minAmount: number;
  maxAmount: number;
}

/** What is wrong with an amount, in the player's words (undefined when nothing is). */
export function useAmountError(): (check: AmountCheck, limits: Limits) => string | undefined {
  const { t } = useTranslation();
  return (check, limits) => {
    if (check.ok) return undefined;
    switch (check.reason) {
      case 'empty':
        return t('wallet.amountEmpty');
      case 'invalid':
        return t('wallet.amountInvalid');
      case 'belowMin':
        return t('wallet.amountBelowMin', { min: formatCentavos(limits.minAmount) });
      case 'aboveMax':
        return t('wallet.amountAboveMax', { max: formatCentavos(limits.maxAmount) });
    }
  };
}

/** The presets (at most 6), the amount field in pesos, and the channel's limits under it. */
export function AmountPicker({
  text,
  onText,
  presets,
  limits,
  error,
  feeText,
}: {
  text: string;
  onText: (text: string) => void;
  presets: readonly number[];
  limits: Limits;
  error: string | undefined;
  feeText?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.section}>
      {presets.length > 0 && (
        <div className={styles.presets} role="group" aria-label={t('wallet.presets')}>
          {presets.map((amount) => (
            <button
              key={amount}
              type="button"
              className={presetStyles.preset}
              aria-pressed={text === amountText(amount)}
              onClick={() => onText(amountText(amount))}
            >
              {formatCentavos(amount).replace(/\.00$/, '')}
            </button>
          ))}
        </div>
      )}
      <TextField
        label={t('wallet.amount')}
        prefix="₱"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('wallet.amountPlaceholder', { min: amountText(limits.minAmount) })}
        value={text}
        onChange={(event) => onText(event.target.value)}
        error={error}
        data-testid="deposit-amount"
      />
      <p className={styles.limits} data-testid="deposit-limits">
        <span>{t('wallet.limits', { min: formatCentavos(limits.minAmount), max: formatCentavos(limits.maxAmount) })}</span>
        {feeText && <span>{t('wallet.fee', { fee: feeText })}</span>}
      </p>
    </div>
  );
}
