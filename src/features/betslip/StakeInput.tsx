import { useTranslation } from 'react-i18next';
import { type availableCombos, normalizeStake } from '../../contract/betting';
import { STAKE_CAP } from '../../contract/constants';
import styles from './BetSlip.module.css';

/** A stake in whole pesos (rounded down, capped as it is typed). */
export function StakeInput({
  label,
  value,
  onChange,
  onFocus,
}: {
  label: string;
  value: number;
  onChange: (pesos: number) => void;
  onFocus?: () => void;
}) {
  return (
    <label className={styles.stake}>
      <span className={styles.peso} aria-hidden="true">
        ₱
      </span>
      <input
        className={styles.stakeInput}
        inputMode="numeric"
        pattern="[0-9]*"
        enterKeyHint="done"
        aria-label={label}
        placeholder="0"
        value={value > 0 ? String(value) : ''}
        onFocus={onFocus}
        onChange={(event) => onChange(normalizeStake(Number(event.target.value.replace(/[^\d]/g, '')), STAKE_CAP))}
        data-testid="stake-input"
      />
    </label>
  );
}

/** A combo a parlay offers. */
export type Combo = ReturnType<typeof availableCombos>[number];

/** One parlay combo (Doubles, Trebles…) with its stake per bet. */
export function ComboRow({
  combo,
  stake,
  onFocus,
  onChange,
}: {
  combo: Combo;
  stake: number;
  onFocus: () => void;
  onChange: (pesos: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <li className={styles.combo} data-testid="combo-row" data-combo={combo.comboType}>
      <span className={styles.comboName}>
        {combo.comboType}
        <span className={styles.comboBets}>
          {t('slip.bets', { count: combo.bets })} · {t('slip.perBet')}
        </span>
      </span>
      <StakeInput label={t('slip.stakeFor', { name: combo.comboType })} value={stake} onFocus={onFocus} onChange={onChange} />
    </li>
  );
}
