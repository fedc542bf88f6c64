import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RgLimit } from '../../contract/responsibleGaming';
import { formatDateTime } from '../../lib/dates';
import { formatCentavos } from '../../lib/money';
import { PageSkeleton } from '../../ui/Skeleton';
import { type RgHistoryEntry, rgHistoryQuery } from './api';
import { limitText } from './LimitsPanel';
import styles from './ResponsibleGaming.module.css';

const KNOWN = new Set([
  'limitSet',
  'limitRequested',
  'limitApplied',
  'limitCancelled',
  'remindersSet',
  'breakStarted',
  'exclusionStarted',
  'exclusionExtended',
  'exclusionEndRequested',
  'exclusionEnded',
  'categoryOff',
  'restricted',
  'restrictionLifted',
  'winningsForfeited',
  'bonusForfeited',
  'declared',
  'declaredBarred',
]);

/** Every limit and exclusion change with its time. */
export function HistoryPanel() {
  const { t, i18n } = useTranslation();
  const { data, isPending } = useQuery(rgHistoryQuery);
  if (isPending) return <PageSkeleton label={t('common.loading')} lines={4} />;
  if (!data || data.list.length === 0) return <p className={styles.dim}>{t('rg.historyEmpty')}</p>;
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  const describe = (entry: RgHistoryEntry) => {
    const limit =
      entry.limit &&
      entry.limit in { depositDay: 1, depositWeek: 1, depositMonth: 1, lossDay: 1, lossWeek: 1, lossMonth: 1, sessionMinutes: 1 };
    const values = {
      limit: limit ? t(`rg.limit.${entry.limit as RgLimit}`) : (entry.limit ?? ''),
      value: limit
        ? limitText(entry.limit as RgLimit, entry.value, t('rg.removed'))
        : entry.value === null
          ? t('rg.off')
          : entry.kind === 'bonusForfeited'
            ? formatCentavos(entry.value)
            : String(entry.value),
      until: entry.until ? when(entry.until) : '',
      category: entry.category ? t(`rg.category.${entry.category as 'sports'}`) : '',
    };
    return KNOWN.has(entry.kind) ? t(`rg.history.${entry.kind as 'limitSet'}`, values) : t('rg.history.other');
  };
  return (
    <ul className={styles.history} data-testid="rg-history">
      {data.list.map((entry, index) => (
        <li key={`${entry.at}-${index}`}>
          <span>{describe(entry)}</span>
          <span className={styles.dim}>{when(entry.at)}</span>
        </li>
      ))}
    </ul>
  );
}
