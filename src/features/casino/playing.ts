import { proxy } from 'valtio/vanilla';

/**
 * The real-money game open in front of the player, if any: the app's anti-addiction reminder
 * (src/app/AntiAddictionWatcher) reads it to know the category and where "Leave game" goes.
 */
export interface PlayingGame {
  gameId: number;
  gameName: string;
  category: number;
  callbackPath: string;
  /** Epoch ms the frame opened. */
  startedAt: number;
}

export const playing = proxy({ game: null as PlayingGame | null });

export function startPlaying(game: PlayingGame): void {
  playing.game = game;
}

export function stopPlaying(gameId: number): void {
  if (playing.game?.gameId === gameId) playing.game = null;
}
