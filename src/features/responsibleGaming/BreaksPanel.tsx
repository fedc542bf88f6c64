import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RG_BREAKS, RG_EXCLUSIONS, type RgBreak, type RgExclusion } from '../../contract/responsibleGaming';
import { formatDateTime } from '../../lib/dates';
import { resetToken } from '../../stores/session';
import { showDialog } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { type RgStatus, cancelChange, confirmChange, endExclusion, selfExclude, takeBreak } from './api';
import { Choice } from '../../ui/Choice';
import { useChange } from './changes';
import styles from './ResponsibleGaming.module.css';

/**
 * Breaks (1 day to 3 months) and PAGCOR's self-exclusion (6 months, 1 year, 5 years), each asked for
 * with a confirmation that says what happens: logged out everywhere at once, only withdrawals until it
 * ends. An active self-exclusion can be extended, and ended only past its first 6 months.
 */
export function BreaksPanel({ status, withdrawOnly }: { status: RgStatus; withdrawOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const { busy, run } = useChange();
  const [breakPeriod, setBreakPeriod] = useState<RgBreak>('1d');
  const [exclusion, setExclusion] = useState<RgExclusion>('6m');
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  const restriction = status.restriction;
  const excluded = restriction?.reason === 'exclusion';

  // Starting a break or an exclusion ends this login too (every session of the player, on every device).
  const stopped = (message: string) => () => {
    resetToken();
    showDialog({ title: t('rg.dialog.title'), message, confirm: { label: t('rg.dialog.ok') }, cancel: null });
  };
  const ask = (message: string, action: () => void) =>
    showDialog({
      title: t('rg.dialog.title'),
      message,
      confirm: { label: t('rg.confirm'), action },
      cancel: { label: t('rg.cancel') },
    });

  return (
    <>
      {!withdrawOnly && (
        <section className={styles.card} aria-labelledby="rg-break">
          <h2 id="rg-break" className={styles.cardTitle}>
            {t('rg.breakTitle')}
          </h2>
          <p className={styles.dim}>{t('rg.breakBody')}</p>
          <Choice
            legend={t('rg.period')}
            name="breakPeriod"
            value={breakPeriod}
            options={RG_BREAKS.map((value) => ({ value, label: t(`rg.breakPeriods.${value}`) }))}
            onChange={setBreakPeriod}
          />
          <Button
            variant="danger"
            busy={busy === 'break'}
            data-testid="rg-take-break"
            onClick={() =>
              ask(
                t('rg.breakConfirm', { period: t(`rg.breakPeriods.${breakPeriod}`) }),
                () => void run('break', () => takeBreak(breakPeriod), stopped(t('rg.breakBody'))),
              )
            }
          >
            {t('rg.breakStart')}
          </Button>
        </section>
      )}
      <section className={styles.card} aria-labelledby="rg-exclusion">
        <h2 id="rg-exclusion" className={styles.cardTitle}>
          {t('rg.exclusionTitle')}
        </h2>
        <p className={styles.dim}>{t('rg.exclusionBody')}</p>
        {excluded && restriction.until && (
          <p className={styles.text}>{t('rg.restriction.exclusion', { until: when(restriction.until) })}</p>
        )}
        {excluded && restriction.lockedUntil && Date.parse(restriction.lockedUntil) > Date.parse(status.now) && (
          <p className={styles.dim}>{t('rg.exclusionLocked', { at: when(restriction.lockedUntil) })}</p>
        )}
        <Choice
          legend={t('rg.period')}
          name="exclusionPeriod"
          value={exclusion}
          options={RG_EXCLUSIONS.map((value) => ({ value, label: t(`rg.exclusionPeriods.${value}`) }))}
          onChange={setExclusion}
        />
        <Button
          variant="danger"
          busy={busy === 'exclude'}
          onClick={() =>
            excluded
              ? void run('exclude', () => selfExclude(exclusion))
              : ask(
                  t('rg.exclusionConfirm', { period: t(`rg.exclusionPeriods.${exclusion}`) }),
                  () => void run('exclude', () => selfExclude(exclusion), stopped(t('rg.exclusionBody'))),
                )
          }
        >
          {excluded ? t('rg.exclusionExtend', { period: t(`rg.exclusionPeriods.${exclusion}`) }) : t('rg.exclusionStart')}
        </Button>
        {excluded &&
          (restriction.endConfirmableAt ? (
            <div className={styles.pending} role="status">
              <span>{t('rg.exclusionEndWaiting', { at: when(restriction.endConfirmableAt) })}</span>
              <div className={styles.inline}>
                <Button size="small" busy={busy === 'confirm'} onClick={() => void run('confirm', () => confirmChange('exclusion'))}>
                  {t('rg.confirm')}
                </Button>
                <Button
                  size="small"
                  variant="secondary"
                  busy={busy === 'cancel'}
                  onClick={() => void run('cancel', () => cancelChange('exclusion'))}
                >
                  {t('rg.cancel')}
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="ghost" busy={busy === 'end'} onClick={() => void run('end', () => endExclusion())}>
              {t('rg.exclusionEnd')}
            </Button>
          ))}
      </section>
    </>
  );
}
