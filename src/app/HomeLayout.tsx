import { Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { HOME_TABS, type HomeTab } from '../contract/navigation';
import { FIRST_GAME_KIND } from '../contract/gameConstants';
import { TabBar, tabStyles } from '../ui/Tabs';
import { Header } from './Header';
import styles from './HomeLayout.module.css';
import { useLeafRoute } from '../ui/useRouteMeta';

const TAB_PATHS: Record<HomeTab, string> = { foryou: '/foryou', sports: '/sports', games: `/games/${FIRST_GAME_KIND}` };
const TAB_ROUTE: Record<HomeTab, string> = { foryou: 'Home_foryou', sports: 'Home_sports', games: 'Home_games' };

/** Home layout (spec §2): header with balance or login, the For You / Sports / Games tabs, the page. */
export function HomeLayout() {
  const { t } = useTranslation();
  const route = useLeafRoute();
  return (
    <div className={styles.layout}>
      <div className={styles.top}>
        <Header />
        <TabBar label={t('tabs.label')}>
          {HOME_TABS.map((tab) => (
            <Link
              key={tab}
              to={TAB_PATHS[tab]}
              className={tabStyles.tab}
              aria-current={route?.name === TAB_ROUTE[tab] ? 'page' : undefined}
            >
              {t(`tabs.${tab}`)}
            </Link>
          ))}
        </TabBar>
      </div>
      <main>
        <Outlet />
      </main>
    </div>
  );
}
