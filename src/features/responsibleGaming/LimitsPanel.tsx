import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RG_LIMITS,
  RG_MONEY_LIMIT_MAX,
  RG_MONEY_LIMIT_MIN,
  RG_SESSION_MINUTES_MAX,
  RG_SESSION_MINUTES_MIN,
  type RgLimit,
} from '../../contract/responsibleGaming';
import { formatDateTime } from '../../lib/dates';
import { formatCentavos, parsePesos } from '../../lib/money';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { type RgLimitState, type RgStatus, cancelChange, confirmChange, setLimit } from './api';
import { useChange } from './changes';
import styles from './ResponsibleGaming.module.css';

const isMinutes = (limit: RgLimit) => limit === 'sessionMinutes';

/** A limit's value as the player reads it: pesos, or minutes for the session. */
export function limitText(limit: RgLimit, value: number | null, none: string): string {
  if (value === null) return none;
  return isMinutes(limit) ? String(value) : formatCentavos(value);
}

/** Deposit and loss limits per day, 7 days and 30 days, and the session time: each with what is used and a change waiting. */
export function LimitsPanel({ status, readOnly = false }: { status: RgStatus; readOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.card}>
      <p className={styles.dim}>{t('rg.limitsHelp')}</p>
      {RG_LIMITS.map((limit) => (
        <LimitRow key={limit} state={status.limits.find((l) => l.limit === limit)!} readOnly={readOnly} />
      ))}
    </div>
  );
}

function LimitRow({ state, readOnly }: { state: RgLimitState; readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const { busy, run } = useChange();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { limit } = state;
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  const none = t('rg.noLimit');

  const parsed = (): number | undefined => {
    if (isMinutes(limit)) {
      const minutes = Number(typed.trim());
      return Number.isInteger(minutes) && minutes >= RG_SESSION_MINUTES_MIN && minutes <= RG_SESSION_MINUTES_MAX ? minutes : undefined;
    }
    const centavos = parsePesos(typed);
    return centavos !== undefined && centavos >= RG_MONEY_LIMIT_MIN && centavos <= RG_MONEY_LIMIT_MAX ? centavos : undefined;
  };
  const save = () => {
    const value = parsed();
    if (value === undefined) return setError(t(isMinutes(limit) ? 'rg.minutesInvalid' : 'rg.amountInvalid'));
    setError(undefined);
    void run(
      'save',
      () => setLimit(limit, value),
      () => setTyped(''),
    );
  };

  const usage =
    state.value === null
      ? null
      : isMinutes(limit)
        ? t('rg.usedMinutes', { used: state.used })
        : t('rg.used', { used: formatCentavos(state.used), left: formatCentavos(state.left ?? 0) });
  return (
    <div className={styles.row} data-testid={`rg-limit-${limit}`}>
      <div className={styles.rowHead}>
        <span>{t(`rg.limit.${limit}`)}</span>
        <span className={styles.value}>{limitText(limit, state.value, none)}</span>
      </div>
      {usage && <p className={styles.dim}>{usage}</p>}
      {state.resetsAt && state.value !== null && <p className={styles.dim}>{t('rg.resets', { at: when(state.resetsAt) })}</p>}
      {state.pending && !readOnly && (
        <div className={styles.pending} role="status">
          <span>
            {state.pending.value === null
              ? t('rg.pendingRemoval')
              : t('rg.pendingChange', { value: limitText(limit, state.pending.value, none) })}{' '}
            {t('rg.confirmFrom', { at: when(state.pending.confirmableAt) })}
          </span>
          <div className={styles.inline}>
            <Button size="small" busy={busy === 'confirm'} onClick={() => void run('confirm', () => confirmChange(limit))}>
              {t('rg.confirm')}
            </Button>
            <Button size="small" variant="secondary" busy={busy === 'cancel'} onClick={() => void run('cancel', () => cancelChange(limit))}>
              {t('rg.cancel')}
            </Button>
          </div>
        </div>
      )}
      {!readOnly && (
        <div className={styles.inline}>
          <TextField
            label={t('rg.newLimit')}
            inputMode={isMinutes(limit) ? 'numeric' : 'decimal'}
            prefix={isMinutes(limit) ? undefined : '₱'}
            value={typed}
            error={error}
            onChange={(event) => setTyped(event.target.value)}
            data-testid={`rg-input-${limit}`}
          />
          <Button busy={busy === 'save'} onClick={save} data-testid={`rg-save-${limit}`}>
            {t('rg.save')}
          </Button>
        </div>
      )}
      {state.value !== null && !state.pending && !readOnly && (
        <Button size="small" variant="ghost" busy={busy === 'remove'} onClick={() => void run('remove', () => setLimit(limit, null))}>
          {t('rg.remove')}
        </Button>
      )}
    </div>
  );
}
