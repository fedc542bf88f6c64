import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { searchGames } from '../../lib/gameList';
import { clearSearchHistory, gamesStore, rememberSearch } from '../../stores/games';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { useGameList, useGrayPlatforms, usePlayerGamesSync } from './api';
import { GameGrid, ListError, OfflinePlayNotice, SearchIcon } from './parts';
import styles from './Lobby.module.css';

/** Results shown at once; a broader query asks the player to type more. */
const MAX_RESULTS = 60;

/**
 * /search: the whole catalogue searched by game name and platform (accent- and case-blind), results as
 * tiles, the recent searches (kept on the device, clearable). Runs on the cached lists, so offline too.
 */
export function SearchPage({ q }: { q?: string }) {
  const { t } = useTranslation();
  usePlayerGamesSync();
  useGrayPlatforms();
  const { list, visible, error, loading } = useGameList();
  const { searchHistory } = useSnapshot(gamesStore);
  const [query, setQuery] = useState(q ?? '');
  const deferred = useDeferredValue(query);
  const results = useMemo(() => (list ? searchGames(visible, deferred, list.platforms) : []), [list, visible, deferred]);
  const typed = deferred.trim().length > 0;

  return (
    <PageLayout title={t('games.search.title')}>
      <form
        role="search"
        className={styles.searchForm}
        onSubmit={(event) => {
          event.preventDefault();
          rememberSearch(query);
          (document.activeElement as HTMLElement | null)?.blur();
        }}
      >
        <SearchIcon />
        <input
          type="search"
          className={styles.searchInput}
          aria-label={t('games.search.label')}
          placeholder={t('games.search.placeholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onBlur={() => rememberSearch(query)}
          enterKeyHint="search"
          autoComplete="off"
          autoFocus
        />
      </form>
      <OfflinePlayNotice />
      {!typed && searchHistory.length > 0 && (
        <section className={styles.history} aria-label={t('games.search.history')}>
          <div className={styles.historyHead}>
            <h2 className={styles.rowTitle}>{t('games.search.history')}</h2>
            <button type="button" className={styles.clear} aria-label={t('games.search.clearLabel')} onClick={clearSearchHistory}>
              {t('games.search.clear')}
            </button>
          </div>
          <ul className={styles.historyList}>
            {searchHistory.map((term) => (
              <li key={term}>
                <button type="button" className={styles.historyTerm} onClick={() => setQuery(term)}>
                  {term}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {!typed && searchHistory.length === 0 && <p className={styles.empty}>{t('games.search.hint')}</p>}
      {loading && typed && <PageSkeleton label={t('games.loading')} />}
      {error && <ListError />}
      {list && typed && (
        <>
          <p className={styles.count} role="status">
            {results.length === 0
              ? t('games.search.none', { query: deferred.trim() })
              : t('games.search.results', { count: results.length })}
          </p>
          {results.length > 0 && (
            <GameGrid games={results.slice(0, MAX_RESULTS)} platforms={list.platforms} label={t('games.search.title')} />
          )}
        </>
      )}
    </PageLayout>
  );
}
