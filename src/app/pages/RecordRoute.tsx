import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { GameRecords } from '../../features/casino/GameRecords';
import type { GameRecordSearch } from '../../features/casino/search';
import { RecordPage } from '../../features/wallet/RecordPage';
import type { RecordSearch } from '../../features/wallet/search';

/** /record's search: the wallet's tabs and bill type, plus the games tab and its filters (src/app/routes/data.ts). */
export type RecordRouteSearch = Omit<RecordSearch, 'tab'> & { tab?: RecordSearch['tab'] | 'games' } & GameRecordSearch;

/** /record: the wallet's records with the casino's game rounds as one more tab (features do not import each other). */
export function RecordRoute({ tab, type, period, category }: RecordRouteSearch) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const games = {
    value: 'games',
    label: t('casino.records.tab'),
    content: (
      <GameRecords
        period={period}
        category={category}
        onChange={(next) => void navigate({ to: '/record', search: { tab: 'games', ...next }, replace: true })}
      />
    ),
  };
  return <RecordPage tab={tab} type={type} moreTabs={[games]} />;
}
