import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RG_CATEGORIES,
  RG_CATEGORY_PERIODS,
  RG_INACTIVITY_MINUTES,
  RG_REALITY_MINUTES,
  type RgCategory,
  type RgCategoryPeriod,
} from '../../contract/responsibleGaming';
import { formatDateTime } from '../../lib/dates';
import { Button } from '../../ui/Button';
import { type RgStatus, setReminders, switchCategory } from './api';
import { Choice } from '../../ui/Choice';
import { useChange } from './changes';
import styles from './ResponsibleGaming.module.css';

const OFF = 0;

/** The reality check's interval and the inactivity logout. */
export function RemindersPanel({ status }: { status: RgStatus }) {
  const { t } = useTranslation();
  const { busy, run } = useChange();
  const [reality, setReality] = useState<number>(status.realityMinutes ?? OFF);
  const [inactivity, setInactivity] = useState<number>(status.inactivityMinutes ?? OFF);
  const minutes = (values: readonly number[]) => [
    { value: OFF, label: t('rg.off') },
    ...values.map((value) => ({ value, label: t('rg.minutes', { count: value }) })),
  ];
  return (
    <section className={styles.card} aria-labelledby="rg-reality">
      <h2 id="rg-reality" className={styles.cardTitle}>
        {t('rg.realityTitle')}
      </h2>
      <p className={styles.dim}>{t('rg.realityBody')}</p>
      <Choice legend={t('rg.realityTitle')} name="reality" value={reality} options={minutes(RG_REALITY_MINUTES)} onChange={setReality} />
      <Choice
        legend={t('rg.inactivityTitle')}
        name="inactivity"
        value={inactivity}
        options={minutes(RG_INACTIVITY_MINUTES)}
        onChange={setInactivity}
      />
      <Button busy={busy === 'reminders'} onClick={() => void run('reminders', () => setReminders(reality || null, inactivity || null))}>
        {t('rg.save')}
      </Button>
    </section>
  );
}

/** Sports and each casino category, switched off for a period (spec §3 anti-addiction config per category). */
export function CategoriesPanel({ status }: { status: RgStatus }) {
  const { t } = useTranslation();
  return (
    <div className={styles.card}>
      <p className={styles.dim}>{t('rg.categoriesHelp')}</p>
      {RG_CATEGORIES.map((category) => (
        <CategoryRow
          key={category}
          category={category}
          offUntil={status.categories.find((c) => c.category === category)?.offUntil ?? null}
        />
      ))}
    </div>
  );
}

function CategoryRow({ category, offUntil }: { category: RgCategory; offUntil: string | null }) {
  const { t, i18n } = useTranslation();
  const { busy, run } = useChange();
  const [period, setPeriod] = useState<RgCategoryPeriod>('1d');
  return (
    <div className={styles.row} data-testid={`rg-category-${category}`}>
      <div className={styles.rowHead}>
        <span>{t(`rg.category.${category}`)}</span>
        <span className={styles.value}>
          {offUntil ? t('rg.categoryOffUntil', { at: formatDateTime(offUntil, i18n.language) }) : t('rg.categoryOn')}
        </span>
      </div>
      <div className={styles.inline}>
        <label className={styles.label}>
          {t('rg.switchOff')}
          <select className={styles.select} value={period} onChange={(event) => setPeriod(event.target.value as RgCategoryPeriod)}>
            {RG_CATEGORY_PERIODS.map((value) => (
              <option key={value} value={value}>
                {t(`rg.categoryPeriods.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <Button
          size="small"
          variant="secondary"
          busy={busy === 'off'}
          onClick={() => void run('off', () => switchCategory(category, period))}
        >
          {t('rg.switchOff')}
        </Button>
      </div>
    </div>
  );
}
