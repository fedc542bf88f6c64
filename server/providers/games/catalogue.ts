import { categoryOfKind } from '../../../src/contract/games';
import { ENGINES } from './engines';
import type { EngineRegistration, EngineTheme, EngineVariant } from './engines/registry';
import type { ProviderGame, ProviderPlatform } from './types';

/**
 * The simulator's catalogue (issue 13): the studios (platforms) and their games. Every registered
 * engine's paytable variant × theme is one game; seamless games are spread over the seamless studios by
 * theme and variant, and the transfer-wallet platform offers the first variant of the engines that ask
 * for it in a few themes. Game codes are stable: `<engine>-<variant>-<theme>` (transfer: `t-…`).
 */

export const SEAMLESS_PLATFORMS: ProviderPlatform[] = [
  { platformCode: 'KALYE', name: 'Kalye Studios', wallet: 'seamless' },
  { platformCode: 'BAHALA', name: 'Bahala Gaming', wallet: 'seamless' },
  { platformCode: 'ISLA', name: 'Isla Interactive', wallet: 'seamless' },
  { platformCode: 'TALA', name: 'Tala Live', wallet: 'seamless' },
];
export const TRANSFER_PLATFORM: ProviderPlatform = { platformCode: 'SABA', name: 'Saba Play', wallet: 'transfer' };
export const PLATFORMS: ProviderPlatform[] = [...SEAMLESS_PLATFORMS, TRANSFER_PLATFORM];

/** How many themes of each engine the transfer platform offers. */
const TRANSFER_THEMES = 4;

export interface CatalogueGame {
  game: ProviderGame;
  registration: EngineRegistration;
  variant: EngineVariant;
  theme: EngineTheme;
}

function gameOf(
  registration: EngineRegistration,
  variant: EngineVariant,
  theme: EngineTheme,
  platformCode: string,
  code: string,
): CatalogueGame {
  const name = registration.variants.length > 1 && variant.label ? `${theme.name} ${variant.label}` : theme.name;
  const tags = [...new Set([...(variant.tags ?? []), ...(registration.tags ?? [])])];
  return {
    game: {
      gameCode: code,
      gameName: name,
      platformCode,
      kind: registration.kind,
      category: categoryOfKind(registration.kind),
      gameType: registration.gameType,
      engine: registration.engine,
      rtpBps: registration.rtpBps(variant.params),
      tags,
      trial: registration.trial ?? true,
      minBet: variant.minBet ?? registration.minBet,
      maxBet: variant.maxBet ?? registration.maxBet,
      theme: { background: theme.background, accent: theme.accent, glyph: theme.glyph },
    },
    registration,
    variant,
    theme,
  };
}

function build(engines: readonly EngineRegistration[]): Map<string, CatalogueGame> {
  const games = new Map<string, CatalogueGame>();
  for (const registration of engines) {
    registration.variants.forEach((variant, variantIndex) => {
      registration.themes.forEach((theme, themeIndex) => {
        const platform = SEAMLESS_PLATFORMS[(themeIndex + variantIndex) % SEAMLESS_PLATFORMS.length]!;
        const code = `${registration.engine}-${variant.code}-${theme.slug}`;
        games.set(code, gameOf(registration, variant, theme, platform.platformCode, code));
      });
    });
    if (registration.onTransferPlatform) {
      const variant = registration.variants[0]!;
      for (const theme of registration.themes.slice(0, TRANSFER_THEMES)) {
        const code = `t-${registration.engine}-${variant.code}-${theme.slug}`;
        games.set(code, gameOf(registration, variant, theme, TRANSFER_PLATFORM.platformCode, code));
      }
    }
  }
  return games;
}

let cached: Map<string, CatalogueGame> | undefined;

/** Every game of the simulator by game code (built once from the registered engines). */
export function catalogue(): Map<string, CatalogueGame> {
  return (cached ??= build(ENGINES));
}

export function findGame(gameCode: string, platformCode?: string): CatalogueGame | undefined {
  const found = catalogue().get(gameCode);
  return found && (platformCode === undefined || found.game.platformCode === platformCode) ? found : undefined;
}

export function platformOf(platformCode: string): ProviderPlatform | undefined {
  return PLATFORMS.find((platform) => platform.platformCode === platformCode);
}
