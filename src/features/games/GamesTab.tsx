import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { GAME_KINDS } from '../../contract/games';
import { TabBar, tabStyles } from '../../ui/Tabs';
import { ComingSoonSection } from '../../ui/ComingSoon';
import styles from './GamesTab.module.css';

/** /games/:gameKind: the game kinds as pills; the game lists arrive with the games release. */
export function GamesTab({ gameKind }: { gameKind: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.kinds}>
        <TabBar label={t('gameKinds.label')} variant="pills">
          {GAME_KINDS.map(({ kind }) => (
            <Link
              key={kind}
              to="/games/$gameKind"
              params={{ gameKind: kind }}
              className={tabStyles.tab}
              aria-current={kind === gameKind ? 'page' : undefined}
            >
              {t(`gameKinds.${kind}`)}
            </Link>
          ))}
        </TabBar>
      </div>
      <ComingSoonSection />
    </>
  );
}
