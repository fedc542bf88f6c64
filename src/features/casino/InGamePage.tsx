import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { GameCall, type GameEntry, type GamePlatform } from '../../contract/games';
import { formatAmount, formatCentavos } from '../../lib/money';
import { useUserPush } from '../../realtime/hooks';
import { pay } from '../../stores/pay';
import { preferences } from '../../stores/preferences';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Notice } from '../../ui/Notice';
import { PageSkeleton } from '../../ui/Skeleton';
import { type Launch, gameQuery, inGameV2, launchGame, trialGame } from './api';
import { tellAppAbout } from './launchErrors';
import { startPlaying, stopPlaying } from './playing';
import { type LaunchProblem, callbackPathOf, isTransferPlatform, launchBody, launchProblemOf, readFrameMessage } from './rules';
import { type GameSearch, gameIdOf } from './search';
import { useOnline } from '../../hooks/useOnline';
import styles from './Casino.module.css';

/** launch: /ingame, /glifeingame, /testgame (game/launchGame); v2: /ingameV2 (game/v2/inGame); trial: /trial (play money). */
export type PlayMode = 'launch' | 'v2' | 'trial';

const LAUNCH_PATH: Record<PlayMode, string> = { launch: GameCall.launchGame, v2: GameCall.inGameV2, trial: GameCall.trialGame };

interface InGameProps extends GameSearch {
  mode: PlayMode;
  /** Fetches the main balance again (the app composes the wallet's refresh in). */
  refreshBalance?: () => void;
}

/** The game in a full-screen frame, under a bar with back and the live balance. */
export function InGamePage({ gameId, via, mode, refreshBalance }: InGameProps) {
  const { t } = useTranslation();
  const id = gameIdOf(gameId);
  if (!id) {
    return (
      <GameShell title={t('casino.unknownGame')} backTo="/games/slot" mode={mode}>
        <Notice icon="info" title={t('casino.unknownGame')} role="alert" />
      </GameShell>
    );
  }
  return <InGame key={`${mode}:${id}`} gameId={id} via={via} mode={mode} refreshBalance={refreshBalance} />;
}

function InGame({
  gameId,
  via,
  mode,
  refreshBalance,
}: {
  gameId: number;
  via: GameSearch['via'];
  mode: PlayMode;
  refreshBalance: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const lists = useQuery(gameQuery(gameId));
  const game = lists.data?.game ?? null;
  const platform = lists.data?.platform ?? null;
  // The real-money launch needs the catalogue entry (the spec's fields); v2 and trial need only the id.
  const listsSettled = !lists.isPending;
  const mustTransferFirst = mode !== 'trial' && isTransferPlatform(platform ?? undefined) && via !== 'transfer';
  const canLaunch = online && listsSettled && !mustTransferFirst && (mode !== 'launch' || game !== null);
  const launch = useQuery({
    queryKey: ['launch', mode, gameId],
    queryFn: () => launchFor(mode, gameId, game, platform),
    enabled: canLaunch,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const entry: Pick<GameEntry, 'gameName' | 'kind' | 'category'> | null = game ?? launch.data?.game ?? null;
  // The balance the game says it shows (the play money of a trial), for the bar.
  const [gameBalance, setGameBalance] = useState<number | null>(null);
  const backTo = entry ? callbackPathOf(entry) : '/games/slot';
  const title = entry?.gameName ?? t('casino.loadingGame');

  useEffect(() => {
    if (launch.error) tellAppAbout(launch.error, LAUNCH_PATH[mode]);
  }, [launch.error, mode]);

  // The anti-addiction reminder follows real-money play.
  const url = launch.data?.url;
  useEffect(() => {
    if (!url || mode === 'trial' || !entry) return;
    startPlaying({ gameId, gameName: entry.gameName, category: entry.category, callbackPath: backTo, startedAt: Date.now() });
    return () => stopPlaying(gameId);
  }, [url, mode, gameId, entry, backTo]);

  if (mustTransferFirst && platform) {
    return <Navigate to="/InGameTransfer" search={{ platformCode: platform.platformCode, gameId: String(gameId) }} replace />;
  }

  let problem: LaunchProblem | undefined;
  if (!online && !url) problem = 'offline';
  else if (mode === 'launch' && listsSettled && !game) problem = lists.isError ? 'offline' : 'notFound';
  else if (launch.error) problem = launchProblemOf(launch.error);

  return (
    <GameShell title={title} backTo={backTo} mode={mode} refreshBalance={refreshBalance} gameBalance={gameBalance}>
      {problem ? (
        <LaunchProblemNotice problem={problem} backTo={backTo} onRetry={() => void launch.refetch()} />
      ) : url ? (
        <GameFrame url={url} title={title} backTo={backTo} refreshBalance={refreshBalance} onBalance={setGameBalance} />
      ) : (
        <div className={styles.stageMessage}>
          <PageSkeleton label={t('casino.loadingGame')} lines={3} />
        </div>
      )}
    </GameShell>
  );
}

async function launchFor(
  mode: PlayMode,
  gameId: number,
  game: GameEntry | null,
  platform: GamePlatform | null,
): Promise<Launch & { game?: GameEntry }> {
  const lang = preferences.language;
  const callbackPath = game ? callbackPathOf(game) : undefined;
  const base = { gameId, lang, ...(callbackPath ? { callbackPath } : {}) };
  if (mode === 'trial') return trialGame(base);
  if (mode === 'v2') return inGameV2(base);
  if (!game) throw new Error('no such game in the lists');
  return launchGame(launchBody(game, platform ?? undefined, lang, location.hostname));
}

/**
 * The one header over the game (the provider's page leaves its own out when framed): back to the game's
 * lobby, its name (up to two lines), and the main balance, or in trial 'Play money' with the play balance
 * the game reports, in a corner of its own so it never sits on the name.
 */
function GameShell({
  title,
  backTo,
  mode,
  refreshBalance,
  gameBalance = null,
  children,
}: {
  title: string;
  backTo: string;
  mode: PlayMode;
  refreshBalance?: (() => void) | undefined;
  gameBalance?: number | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { balance } = useSnapshot(pay);
  // The wallet pushes each bet and win on /user/queue/balance.
  useUserPush('balance', () => refreshBalance?.(), mode !== 'trial');
  useEffect(() => {
    if (mode !== 'trial') refreshBalance?.();
  }, [mode, refreshBalance]);
  return (
    <div className={styles.game} data-testid="in-game">
      <header className={styles.bar}>
        <button type="button" className={styles.barBack} aria-label={t('casino.leaveGame')} onClick={() => void navigate({ to: backTo })}>
          <Icon name="back" />
        </button>
        <h1 className={styles.barTitle}>{title}</h1>
        {mode === 'trial' ? (
          <span className={styles.barPlay} role="note">
            <span className={styles.barTag} data-testid="play-money">
              {t('casino.playMoney')}
            </span>
            {gameBalance !== null && <span data-testid="play-balance">{formatAmount(gameBalance, '')}</span>}
          </span>
        ) : (
          <span className={styles.barBalance} aria-label={t('casino.mainBalance')} data-testid="game-balance">
            {balance === null ? '₱ —' : formatCentavos(balance)}
          </span>
        )}
      </header>
      <div className={styles.stage}>{children}</div>
    </div>
  );
}

/**
 * The provider's page. It may ask, with postMessage, to close (back to the lobby) or to refresh the
 * balance; only messages from this frame's own window and origin count.
 */
function GameFrame({
  url,
  title,
  backTo,
  refreshBalance,
  onBalance,
}: {
  url: string;
  title: string;
  backTo: string;
  refreshBalance?: (() => void) | undefined;
  onBalance: (balance: number) => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const origin = new URL(url, location.href).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || event.origin !== origin) return;
      const message = readFrameMessage(event.data);
      if (message?.type === 'panalo:close') void navigate({ to: backTo });
      else if (message?.type === 'panalo:balance') {
        if (message.balance !== undefined) onBalance(message.balance);
        refreshBalance?.();
      }
    };
    addEventListener('message', onMessage);
    return () => removeEventListener('message', onMessage);
  }, [url, backTo, navigate, refreshBalance, onBalance]);
  return (
    <iframe
      ref={frame}
      className={styles.frame}
      src={url}
      title={title}
      // `allow` alone: with allowfullscreen beside it the browser warns that `allow` takes precedence.
      allow="fullscreen; autoplay"
      referrerPolicy="origin"
      data-testid="game-frame"
    />
  );
}

function LaunchProblemNotice({ problem, backTo, onRetry }: { problem: LaunchProblem; backTo: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canRetry = problem === 'providerDown' || problem === 'tableFull' || problem === 'offline' || problem === 'other';
  return (
    <div className={styles.stageMessage}>
      <Notice
        icon={problem === 'offline' ? 'wifiOff' : problem === 'maintenance' ? 'tools' : problem === 'kyc' ? 'shield' : 'info'}
        title={t(`casino.problems.${problem}`)}
        role="alert"
      >
        <div className={styles.actions}>
          {canRetry && <Button onClick={onRetry}>{t('common.retry')}</Button>}
          <Button variant="secondary" onClick={() => void navigate({ to: backTo })}>
            {t('casino.backToLobby')}
          </Button>
        </div>
      </Notice>
    </div>
  );
}
