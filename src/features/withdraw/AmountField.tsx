import { useTranslation } from 'react-i18next';
import type { AmountProblem } from './rules';
import { formatCentavos } from '../../lib/money';
import { TextField } from '../../ui/Field';
import styles from './Withdraw.module.css';

/**
 * The amount in pesos, with the presets of spec §9 (a tap fills the field) and the limits under it. Only
 * presets that can be withdrawn now are offered: none above `max` (the limit or what is withdrawable)
 * nor below `min`.
 */
export function AmountField({
  value,
  onChange,
  onBlur,
  presets,
  min,
  max,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Centavos. */
  presets: readonly number[];
  min: number;
  max: number;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.presets} role="group" aria-label={t('withdraw.amount.presets')}>
        {presets
          .filter((preset) => preset >= min && preset <= max)
          .map((preset) => {
            const text = String(preset / 100);
            return (
              <button key={preset} type="button" className={styles.preset} aria-pressed={value === text} onClick={() => onChange(text)}>
                {formatCentavos(preset).replace(/\.00$/, '')}
              </button>
            );
          })}
      </div>
      <TextField
        label={t('withdraw.amount.label')}
        prefix="₱"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('withdraw.amount.placeholder', { min: formatCentavos(min) })}
        value={value}
        error={error}
        hint={t('withdraw.amount.limits', { min: formatCentavos(min), max: formatCentavos(max) })}
        onChange={(event) => onChange(event.target.value.replace(/[^\d.,]/g, ''))}
        onBlur={onBlur}
      />
    </>
  );
}

/** The words for an amount problem (rules.ts), with its limit in pesos. */
export function useAmountMessage(): (problem: AmountProblem | undefined) => string | undefined {
  const { t } = useTranslation();
  return (problem) => (problem ? t(`withdraw.errors.${problem.key}`, problem) : undefined);
}
