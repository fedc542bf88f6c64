import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { GameCall } from '../../contract/gameConstants';
import type { GameEntry, GamePlatform } from '../../contract/games';
import { api } from '../../api/instance';
import { useOnline } from '../../hooks/useOnline';
import { useDataSaver } from '../../hooks/useDataSaver';
import { formatCentavos } from '../../lib/money';
import { local } from '../../lib/storage';
import { StorageKey } from '../../contract/storageKeys';
import { useConnectionStatus } from '../../realtime/hooks';
import { useJackpot } from '../../realtime/jackpot';
import { gamesStore } from '../../stores/games';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Notice } from '../../ui/Notice';
import { gameAnswers, gameListQuery, toggleLike } from './api';
import styles from './Lobby.module.css';
import { THUMB_H, THUMB_W, initials, thumbLoading } from '../../lib/gameTiles';

/** Building blocks of the lobby and the search page: tiles, grids, rows, the jackpot and the offline notice. */

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width={18} height={18} aria-hidden="true">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.6 3.8 4.5 7.1 4.5c2 0 3.5 1.1 4.9 2.9 1.4-1.8 2.9-2.9 4.9-2.9 3.3 0 5.6 3.1 4.4 6.6-1.8 4.8-9.3 9.4-9.3 9.4z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function SearchIcon({ size = 18 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path
        d="M10.5 18a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15zM16 16l5 5"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * One game: thumbnail, name, platform, badges, a heart; the tile opens the game's page. `position` is its
 * place in a grid (from 0): the first screen's thumbnails load at once, the first row's first of all.
 * Memoised: the virtual grid renders again as it measures its rows and as the player scrolls, and a tile
 * whose game, platform and place did not change need not.
 */
export const GameTile = memo(function GameTile({
  game,
  platform,
  position,
}: {
  game: GameEntry;
  platform: GamePlatform | undefined;
  position?: number;
}) {
  const { t } = useTranslation();
  const { likeGameList } = useSnapshot(gamesStore);
  const liked = likeGameList.includes(game.gameId);
  const maintenance = platform?.maintenance ?? false;
  // Data saver (issue 38): no thumbnail is asked; a light placeholder with the game's name holds its place.
  const saving = useDataSaver();
  return (
    <div className={styles.tile} data-testid="game-tile" data-maintenance={maintenance || undefined}>
      <Link to="/game" search={{ gameId: game.gameId }} className={styles.tileLink}>
        <span className={styles.thumbBox}>
          {saving ? (
            <span className={`${styles.thumbFallback} ${styles.thumbSaved}`} aria-hidden="true" data-testid="thumb-saved">
              {game.gameName}
            </span>
          ) : (
            <span className={styles.thumbFallback} aria-hidden="true">
              {initials(game.gameName)}
            </span>
          )}
          {!saving && (
            <img
              className={styles.thumb}
              src={game.thumbnail}
              alt=""
              width={THUMB_W}
              height={THUMB_H}
              {...(position === undefined ? { loading: 'lazy' as const } : thumbLoading(position))}
              decoding="async"
              // Offline, a thumbnail never seen is not in the cache: the tile shows the game's initials instead.
              onError={(event) => {
                event.currentTarget.hidden = true;
              }}
            />
          )}
          <span className={styles.badges}>
            {game.tags.map((tag) => (
              <span key={tag} className={`${styles.badge} ${styles[`badge_${tag}`] ?? ''}`}>
                {t(`games.badge.${tag}`)}
              </span>
            ))}
          </span>
          {maintenance && <span className={styles.maintenance}>{t('games.maintenance')}</span>}
        </span>
        <span className={styles.name}>{game.gameName}</span>
        <span className={styles.platform}>{platform?.name ?? game.platformCode}</span>
      </Link>
      <button
        type="button"
        className={styles.heart}
        aria-pressed={liked}
        aria-label={t(liked ? 'games.unlike' : 'games.like', { name: game.gameName })}
        onClick={() => void toggleLike(game.gameId)}
      >
        <HeartIcon filled={liked} />
      </button>
    </div>
  );
});

/** Above this many games a grid renders only the rows near the screen. */
export const VIRTUALIZE_AT = 60;
const COLUMNS = 3;
const ROW_ESTIMATE = 172;

interface GridProps {
  games: readonly GameEntry[];
  platforms: ReadonlyMap<string, GamePlatform>;
  label: string;
}

/** The games as a three-column grid; long lists are virtualized against the page's scroll. */
export function GameGrid({ games, platforms, label }: GridProps) {
  if (games.length <= VIRTUALIZE_AT) {
    return (
      <ul className={styles.grid} aria-label={label}>
        {games.map((game, position) => (
          <li key={game.gameId}>
            <GameTile game={game} platform={platforms.get(game.platformCode)} position={position} />
          </li>
        ))}
      </ul>
    );
  }
  return <VirtualGrid games={games} platforms={platforms} label={label} />;
}

/**
 * The long grid as the server drew it (server/plugins/firstTiles.ts), read during the app's first render
 * while it is still on screen and laid out (reading it forces no layout): where it starts on the page
 * and the distance from one row of tiles to the next. The app's rows go in the same places, so its
 * first commit has nothing to measure: no forced layout of the new page per row, no second render.
 * Absent when the page was not drawn by the server (a move inside the app).
 */
function drawnGrid(): { top: number; pitch: number } | undefined {
  if (typeof document === 'undefined') return undefined;
  const list = document.querySelector('[data-first-tiles] > [role=list]');
  const items = list?.querySelectorAll(':scope > [role=listitem]');
  if (!list || !items || items.length <= COLUMNS) return undefined;
  const pitch = items[COLUMNS]!.getBoundingClientRect().top - items[0]!.getBoundingClientRect().top;
  return pitch > 0 ? { top: list.getBoundingClientRect().top + window.scrollY, pitch } : undefined;
}

function VirtualGrid({ games, platforms, label }: GridProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [drawn] = useState(drawnGrid);
  const [offset, setOffset] = useState(() => drawn?.top ?? 0);
  // The window's size as the virtualizer will find it once mounted: the rows of the first render are the
  // ones it keeps (it would otherwise start from an empty window and render again, synchronously, inside
  // the first commit).
  const [initialRect] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  // Where the grid starts on the page moves when the rows above it arrive (recent games, favourites).
  // Over the server's drawing it starts where that did: the observer's first call (after the browser's
  // own layout) confirms it. Elsewhere it is measured before the first paint.
  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const measure = () => setOffset(element.getBoundingClientRect().top + window.scrollY);
    if (!drawn) measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [drawn]);
  const rows = Math.ceil(games.length / COLUMNS);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => drawn?.pitch ?? ROW_ESTIMATE,
    overscan: 3,
    initialRect,
    scrollMargin: offset,
    // The window's size from the first render, then from its resize events: the library's own observer
    // reads innerWidth and innerHeight as it mounts, in React's commit, and on a phone (a meta viewport)
    // each read lays out the whole new page there and then, before the frame's own layout.
    observeElementRect: (_, changed) => {
      const resized = () => changed({ width: window.innerWidth, height: window.innerHeight });
      changed(initialRect);
      addEventListener('resize', resized, { passive: true });
      return () => removeEventListener('resize', resized);
    },
    // As the library's, but a scroll to where the virtualizer already has the window is not asked for:
    // it asks for one as it mounts, which moves nothing and also lays out the new page in the commit.
    scrollToFn: (offset, { adjustments = 0, behavior }, instance) => {
      const top = offset + adjustments;
      if (top === instance.scrollOffset && behavior !== 'smooth') return;
      window.scrollTo({ top, behavior });
    },
    // Exact heights (the default rounds them): the rows sit where one grid's rows would in the page's
    // flow, which is how the page's own first tiles came (server/plugins/firstTiles.ts), so none moves.
    // A row just placed over the server's drawing is as tall as the drawn ones until its observer says.
    measureElement: (element, entry) => entry?.borderBoxSize[0]?.blockSize ?? drawn?.pitch ?? element.getBoundingClientRect().height,
  });
  return (
    <div ref={listRef} role="list" aria-label={label} className={styles.virtual} style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          className={`${styles.grid} ${styles.virtualRow}`}
          style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
        >
          {games.slice(row.index * COLUMNS, row.index * COLUMNS + COLUMNS).map((game, column) => (
            // Only the rows near the screen exist: each item says where it sits in the whole list.
            <div role="listitem" key={game.gameId} aria-setsize={games.length} aria-posinset={row.index * COLUMNS + column + 1}>
              <GameTile game={game} platform={platforms.get(game.platformCode)} position={row.index * COLUMNS + column} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/** A titled row that scrolls sideways (recently played, favourites). */
export function GameRow({
  title,
  games,
  platforms,
}: {
  title: string;
  games: readonly GameEntry[];
  platforms: ReadonlyMap<string, GamePlatform>;
}) {
  // Short rows (at most GAME_HISTORY_MAX recent games, the favourites): rendered whole, thumbnails lazy.
  if (games.length === 0) return null;
  return (
    <section className={styles.rowSection} aria-label={title}>
      <h2 className={styles.rowTitle}>{title}</h2>
      <ul className={styles.row}>
        {games.map((game) => (
          <li key={game.gameId} className={styles.rowItem}>
            <GameTile game={game} platform={platforms.get(game.platformCode)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Offline as the app tells it: the device says it has no network (what the offline banner shows), or
 * the realtime worker lost its socket and is trying again.
 */
export function useOffline(): boolean {
  const online = useOnline();
  const status = useConnectionStatus();
  return !online || status === 'reconnecting';
}

/** Says plainly that the lobby works offline but playing does not. */
export function OfflinePlayNotice() {
  const { t } = useTranslation();
  if (!useOffline()) return null;
  return (
    <div className={styles.offline} role="status" data-testid="games-offline">
      <Icon name="wifiOff" size={18} />
      <div>
        <strong>{t('games.offlineTitle')}</strong>
        <p>{t('games.offlineNote')}</p>
      </div>
    </div>
  );
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The player's reduced-motion setting; a browser without matchMedia counts as reduced (no animation). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (callback) => {
      if (typeof matchMedia !== 'function') return () => undefined;
      const query = matchMedia(REDUCED_MOTION);
      query.addEventListener('change', callback);
      return () => query.removeEventListener('change', callback);
    },
    () => typeof matchMedia !== 'function' || matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
}

const COUNT_UP_MS = 800;

/** The amount shown, counting up smoothly to each new value (at once when motion is reduced). */
function useCountUp(target: number | null): number | null {
  const reduced = usePrefersReducedMotion();
  const [shown, setShown] = useState(target);
  const current = useRef(target);
  useEffect(() => {
    if (target === null) return;
    const from = current.current;
    if (reduced || from === null || from === target) {
      current.current = target;
      setShown(target);
      return;
    }
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const progress = Math.min(1, (now - start) / COUNT_UP_MS);
      const eased = 1 - (1 - progress) ** 3;
      const value = Math.round(from + (target - from) * eased);
      current.current = value;
      setShown(value);
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target, reduced]);
  return shown;
}

/** The progressive jackpot (`/topic/jackpot`), the last amount this device heard shown at once. */
export function JackpotTicker() {
  const { t } = useTranslation();
  // The server's last amount, asked once a visit (the topic speaks only when the amount changes).
  const start = useQuery({
    queryKey: ['games', 'jackpot'],
    queryFn: async () => {
      const answer = await api.call('main', GameCall.queryJackpot, {}, { quiet: true });
      return (await gameAnswers()).jackpotAnswer.parse(answer);
    },
    staleTime: 60_000,
  });
  const fetched = start.data && start.data.amount > 0 ? start.data.amount : null;
  useEffect(() => {
    // Kept like a topic's amount, so the next visit (offline too) starts from it.
    if (fetched !== null) local.set(StorageKey.jackpotAmount, fetched);
  }, [fetched]);
  const amount = useJackpot(fetched);
  const shown = useCountUp(amount);
  return (
    <section className={styles.jackpot} aria-label={t('games.jackpot')} data-testid="jackpot">
      <span className={styles.jackpotLabel}>{t('games.jackpot')}</span>
      <span className={styles.jackpotAmount} data-amount={amount ?? undefined} data-waiting={shown === null || undefined}>
        {shown === null ? t('games.jackpotWaiting') : formatCentavos(shown)}
      </span>
    </section>
  );
}

/** The lists could not be read (offline before they were ever saved, or the server failed). */
export function ListError() {
  const { t } = useTranslation();
  const offline = useOffline();
  const client = useQueryClient();
  return (
    <Notice
      icon={offline ? 'wifiOff' : 'info'}
      title={t('games.loadFailed')}
      description={offline ? t('games.loadFailedOffline') : undefined}
      role="alert"
    >
      <Button onClick={() => void client.refetchQueries({ queryKey: gameListQuery.queryKey })}>{t('games.retry')}</Button>
    </Notice>
  );
}
