import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabBar, tabStyles } from '../../ui/Tabs';
import { MatchList } from './SportsPage';

type FixtureMode = 'live' | 'today' | 'early';

/**
 * One sport's fixtures from the feed (live, today, the coming days), the same rows and prices as
 * /sports, for a page that shows them beside something else (the sport campaign pages of src/app/pages).
 * The mode is the page's own state: the address stays the campaign's.
 */
export function SportFixtures({ sportTypeId, modes, label }: { sportTypeId: string; modes: readonly FixtureMode[]; label: string }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<FixtureMode>(modes[0] ?? 'today');
  return (
    <>
      {modes.length > 1 && (
        <TabBar label={label}>
          {modes.map((value) => (
            <button key={value} type="button" className={tabStyles.tab} aria-pressed={value === mode} onClick={() => setMode(value)}>
              {t(`sports.modes.${value}`)}
            </button>
          ))}
        </TabBar>
      )}
      <MatchList key={`${sportTypeId}:${mode}`} sportTypeId={sportTypeId} mode={mode} dateId={undefined} />
    </>
  );
}
