import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { loadGameList } from '../../api/gameList';
import { formatCentavos } from '../../lib/money';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import styles from './Dev.module.css';

/** The whole catalogue, asked fresh (the index again) each time the page opens. */
const catalogueQuery = {
  queryKey: ['dev', 'games', 'catalogue'],
  queryFn: () => loadGameList(true),
  staleTime: 0,
} as const;

/**
 * /gamesss (development builds only): every game of the lobby's lists with what a tester needs to open it
 * every way: its id, code and platform (and whether the platform is under maintenance or a transfer
 * wallet), kind, RTP and stakes, and links to its card (/game), the launch routes (/newGame,
 * /newGameV2, the latter by platformCode and gameCode), and play money (/trial) where it has a trial.
 */
export function GamesPage() {
  const { data, isError, refetch } = useQuery(catalogueQuery);
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const games = (data?.games ?? []).filter(
    (game) =>
      !needle ||
      game.gameName.toLowerCase().includes(needle) ||
      game.gameCode.toLowerCase().includes(needle) ||
      game.platformCode.toLowerCase().includes(needle) ||
      String(game.gameId) === needle,
  );
  return (
    <PageLayout>
      <div className={styles.page}>
        <p className={styles.banner}>Development tool: not in production builds.</p>
        {isError && (
          <Notice icon="wifiOff" title="The game lists could not be loaded." role="alert">
            <Button variant="secondary" onClick={() => void refetch()}>
              Retry
            </Button>
          </Notice>
        )}
        {!data && !isError && <PageSkeleton label="Loading" lines={8} />}
        {data && (
          <>
            <TextField
              label="Find a game (name, code, platform or id)"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
            <p className={styles.dim} data-testid="games-count">
              {games.length} of {data.games.length} games · lists version {data.index.version} · {data.platforms.size} platforms
            </p>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Game</th>
                  <th scope="col">Platform</th>
                  <th scope="col">Open</th>
                </tr>
              </thead>
              <tbody>
                {games.map((game) => {
                  const platform = data.platforms.get(game.platformCode);
                  const id = String(game.gameId);
                  return (
                    <tr key={game.gameId} data-testid="dev-game" data-game-id={game.gameId}>
                      <td>
                        <strong>{game.gameName}</strong>
                        <br />
                        <span className={styles.dim}>
                          #{game.gameId} · {game.gameCode} · {game.kind} · RTP {(game.rtpBps / 100).toFixed(2)} % ·{' '}
                          {formatCentavos(game.minBet)}–{formatCentavos(game.maxBet)}
                        </span>
                      </td>
                      <td>
                        {platform?.name ?? game.platformCode}
                        {platform?.maintenance && (
                          <>
                            <br />
                            <span className={styles.dim}>maintenance</span>
                          </>
                        )}
                      </td>
                      <td>
                        <span className={styles.links}>
                          <Link to="/game" search={{ gameId: id }}>
                            Card
                          </Link>
                          <Link to="/newGame" search={{ gameId: id }}>
                            Launch
                          </Link>
                          <Link to="/newGameV2" search={{ platformCode: game.platformCode, gameCode: game.gameCode }}>
                            Launch v2
                          </Link>
                          {game.trial && (
                            <Link to="/trial" search={{ gameId: id }}>
                              Trial
                            </Link>
                          )}
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </>
        )}
      </div>
    </PageLayout>
  );
}
