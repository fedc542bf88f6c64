import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { FIRST_GAME_KIND, GAME_KINDS, type GameKind, isGameKind } from '../../contract/gameConstants';
import { gamesByIds, gamesOfKind, platformsOfKind } from '../../lib/gameList';
import { gamesStore } from '../../stores/games';
import { session } from '../../stores/session';
import { PageSkeleton } from '../../ui/Skeleton';
import { TabBar, tabStyles } from '../../ui/Tabs';
import { useGameList, useGrayPlatforms, usePlayerGamesSync } from './api';
import { GameGrid, GameRow, JackpotTicker, ListError, OfflinePlayNotice, SearchIcon } from './parts';
import styles from './Lobby.module.css';

/**
 * /games/:gameKind: the jackpot, the game kinds as pills, a player's recently played and favourites,
 * the platforms of the kind as a filter, and the kind's games as a grid of tiles. Works offline from
 * the lists the service worker keeps; playing then needs a connection, and the page says so.
 */
export function GamesTab({ gameKind }: { gameKind: string }) {
  const { t } = useTranslation();
  const kind: GameKind = isGameKind(gameKind) ? gameKind : FIRST_GAME_KIND;
  usePlayerGamesSync();
  useGrayPlatforms();
  const { list, visible, error, loading } = useGameList();
  const { likeGameList, historyGameList } = useSnapshot(gamesStore);
  const loggedIn = Boolean(useSnapshot(session).user?.loginName);
  const [platformFilter, setPlatformFilter] = useState<{ kind: GameKind; code: string }>({ kind, code: '' });
  const platformCode = platformFilter.kind === kind ? platformFilter.code : '';
  const platforms = useMemo(() => list?.platforms ?? new Map(), [list]);

  const kindPlatforms = useMemo(() => (list ? platformsOfKind(visible, kind, list.index.platforms) : []), [list, visible, kind]);
  const games = useMemo(() => gamesOfKind(visible, kind, platformCode || undefined), [visible, kind, platformCode]);
  const recent = useMemo(
    () =>
      gamesByIds(
        historyGameList.map((entry) => entry.gameId),
        visible,
      ),
    [historyGameList, visible],
  );
  const favourites = useMemo(() => gamesByIds(likeGameList, visible), [likeGameList, visible]);
  const selectedPlatform = platformCode ? platforms.get(platformCode) : undefined;

  return (
    <div className={styles.lobby}>
      <h1 className="visually-hidden">{t('tabs.games')}</h1>
      <JackpotTicker />
      <div className={styles.kindBar}>
        <TabBar label={t('gameKinds.label')} variant="pills">
          {GAME_KINDS.map((entry) => (
            <Link
              key={entry.kind}
              to="/games/$gameKind"
              params={{ gameKind: entry.kind }}
              className={tabStyles.tab}
              aria-current={entry.kind === kind ? 'page' : undefined}
            >
              {t(`gameKinds.${entry.kind}`)}
            </Link>
          ))}
        </TabBar>
        <Link to="/search" className={styles.searchLink} aria-label={t('games.search.open')}>
          <SearchIcon />
        </Link>
      </div>
      <OfflinePlayNotice />
      {loading && <PageSkeleton label={t('games.loading')} />}
      {error && <ListError />}
      {list && (
        <>
          {loggedIn && <GameRow title={t('games.recent')} games={recent} platforms={platforms} />}
          {loggedIn && <GameRow title={t('games.favourites')} games={favourites} platforms={platforms} />}
          {kindPlatforms.length > 1 && (
            <TabBar label={t('games.providers')} variant="pills">
              <button
                type="button"
                className={tabStyles.tab}
                aria-pressed={platformCode === ''}
                onClick={() => setPlatformFilter({ kind, code: '' })}
              >
                {t('games.allProviders')}
              </button>
              {kindPlatforms.map((platform) => (
                <button
                  key={platform.platformCode}
                  type="button"
                  className={tabStyles.tab}
                  aria-pressed={platformCode === platform.platformCode}
                  onClick={() => setPlatformFilter({ kind, code: platform.platformCode })}
                >
                  {platform.name}
                  {platform.maintenance && <span className={styles.pillMark}>{t('games.maintenance')}</span>}
                </button>
              ))}
            </TabBar>
          )}
          {selectedPlatform?.maintenance && (
            <p className={styles.maintenanceNote} role="note">
              {t('games.maintenanceNote', { name: selectedPlatform.name })}
            </p>
          )}
          <p className={styles.count}>{t('games.count', { count: games.length })}</p>
          {games.length === 0 ? (
            <p className={styles.empty}>{t('games.empty')}</p>
          ) : (
            <GameGrid games={games} platforms={platforms} label={t(`gameKinds.${kind}`)} />
          )}
        </>
      )}
    </div>
  );
}
export { SearchPage } from './SearchPage';
