import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameEntry, GamePlatform } from '../../contract/games';
import { formatCentavos } from '../../lib/money';
import { openLogin } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { gameByCodeQuery, gameQuery } from './api';
import { formatRtp, isTransferPlatform } from './rules';
import { type GameSearch, gameIdOf } from './search';
import { useOnline } from '../../hooks/useOnline';
import styles from './Casino.module.css';
import { useLoggedIn } from '../../hooks/useLoggedIn';

/** Where a launch route sends a logged-in player: the in-game page of game/launchGame or of game/v2/inGame. */
type Launch = 'ingame' | 'ingameV2';

/**
 * /game?gameId=… or ?platformCode=…&gameCode=… (spec §7's launch names): the game's card, then Play (real
 * money) or Try for fun. Without a game the guards send the player to the lobby (routes/guards.ts).
 */
export function GamePage(search: GameSearch) {
  return <GameRoute search={search} />;
}

/**
 * /newGame and /newGameV2: the game launch routes (a promotion's, a partner's or the lobby's "play now"
 * link): a logged-in player goes straight into the game (/ingame, or /ingameV2 for the v2 launch; a
 * transfer platform's game by /InGameTransfer first); a visitor, a game under maintenance or no
 * connection shows the card, which says why and offers Play (with login) or Try for fun.
 */
export function NewGamePage(search: GameSearch) {
  return <GameRoute search={search} launch="ingame" />;
}

export function NewGameV2Page(search: GameSearch) {
  return <GameRoute search={search} launch="ingameV2" />;
}

function GameRoute({ search, launch }: { search: GameSearch; launch?: Launch }) {
  const { t } = useTranslation();
  const id = gameIdOf(search.gameId);
  const byCode = useQuery({
    ...gameByCodeQuery(search.platformCode ?? '', search.gameCode ?? ''),
    enabled: !id && search.platformCode !== undefined && search.gameCode !== undefined,
  });
  const resolved = id ?? byCode.data?.gameId ?? undefined;
  let content;
  if (resolved) content = <GameCard gameId={resolved} launch={launch} />;
  else if (byCode.isFetching) content = <PageSkeleton label={t('common.loading')} lines={5} />;
  else content = <Notice icon="info" title={t('casino.unknownGame')} description={t('casino.unknownGameBody')} role="alert" />;
  return <PageLayout flush>{content}</PageLayout>;
}

function GameCard({ gameId, launch }: { gameId: number; launch?: Launch | undefined }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(gameQuery(gameId));
  if (isPending) return <PageSkeleton label={t('common.loading')} lines={5} />;
  if (isError) {
    return (
      <Notice icon="wifiOff" title={t('casino.listUnavailable')} role="alert">
        <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
      </Notice>
    );
  }
  if (!data.game) return <Notice icon="info" title={t('casino.unknownGame')} description={t('casino.unknownGameBody')} role="alert" />;
  return <Card game={data.game} platform={data.platform} launch={launch} />;
}

function Card({ game, platform, launch }: { game: GameEntry; platform: GamePlatform | null; launch?: Launch | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const loggedIn = useLoggedIn();
  const maintenance = platform?.maintenance === true;
  const transfer = isTransferPlatform(platform ?? undefined);
  const playTarget: { to: string; search: Record<string, string> } = transfer
    ? { to: '/InGameTransfer', search: { platformCode: game.platformCode, gameId: String(game.gameId) } }
    : { to: launch === 'ingameV2' ? '/ingameV2' : '/ingame', search: { gameId: String(game.gameId) } };
  // A launch route goes straight in when nothing stands in the way; the card stays for what does.
  const straightIn = launch !== undefined && loggedIn && online && !maintenance;
  useEffect(() => {
    if (straightIn) void navigate({ ...playTarget, replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when it may go in
  }, [straightIn]);
  const play = () => {
    if (!loggedIn) {
      const query = new URLSearchParams(playTarget.search).toString();
      openLogin({ type: 'password', redirectTo: `${playTarget.to}?${query}` });
      return;
    }
    void navigate(playTarget);
  };
  return (
    <article className={styles.card} data-testid="game-card" data-game-id={game.gameId}>
      <div className={styles.hero}>
        <img className={styles.thumb} src={game.thumbnail} alt="" width={112} height={112} />
        <div className={styles.heroText}>
          <span className={styles.tag}>{game.gameType}</span>
          <h2 className={styles.name}>{game.gameName}</h2>
          <span className={styles.dim}>{platform?.name ?? game.platformCode}</span>
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('casino.rtp')}</dt>
          <dd data-testid="game-rtp">{formatRtp(game.rtpBps)}</dd>
        </div>
        <div>
          <dt>{t('casino.minBet')}</dt>
          <dd>{formatCentavos(game.minBet)}</dd>
        </div>
        <div>
          <dt>{t('casino.maxBet')}</dt>
          <dd>{formatCentavos(game.maxBet)}</dd>
        </div>
      </dl>
      {!online && (
        <p className={styles.note} role="status" data-testid="needs-connection">
          {t('casino.needsConnection')}
        </p>
      )}
      {online && maintenance && (
        <p className={styles.note} role="status">
          {t('casino.problems.maintenance')}
        </p>
      )}
      {transfer && online && !maintenance && <p className={styles.dim}>{t('casino.transferNote')}</p>}
      <div className={styles.actions}>
        <Button block onClick={play} disabled={!online || maintenance} data-testid="play-real">
          {t('casino.play')}
        </Button>
        {game.trial && (
          <Button
            block
            variant="secondary"
            disabled={!online || maintenance}
            onClick={() => void navigate({ to: '/trial', search: { gameId: String(game.gameId) } })}
            data-testid="play-trial"
          >
            {t('casino.tryForFun')}
          </Button>
        )}
      </div>
      <p className={styles.dim}>{t('casino.rtpNote')}</p>
    </article>
  );
}
