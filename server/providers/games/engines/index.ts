import { type EngineRegistration, instantRegistration } from './registry';
import { SLOT_94, SLOT_95, SLOT_96, slotEngine } from './slot';
import { SLOT_THEMES } from './themes';

/**
 * The provider simulator's engines (issue 13). Each engine adds ONE entry to ENGINES (its registration,
 * built with `instantRegistration` or `tableRegistration` from ./registry, exported by its own file).
 * Order does not matter for game codes (they come from engine + variant code + theme slug).
 */

export const slotRegistration = instantRegistration({
  engine: 'slot',
  kind: 'slot',
  gameType: 'SLOT',
  instant: slotEngine,
  variants: [
    { code: '96', label: 'Deluxe', params: SLOT_96, tags: ['hot'] },
    { code: '95', label: 'Gold', params: SLOT_95 },
    { code: '94', label: 'Classic', params: SLOT_94, tags: ['new'] },
  ],
  themes: SLOT_THEMES,
  minBet: 100,
  maxBet: 50_000,
  tags: ['jackpot'],
  onTransferPlatform: true,
});

export const ENGINES: EngineRegistration[] = [
  slotRegistration,
  // videoPokerRegistration, (helper "engines": engines/videoPoker.ts)
  // crashRegistration, (helper "engines": engines/crash.ts)
  // fishingRegistration, (helper "engines": engines/fishing.ts)
  // rouletteRegistration, (helper "tables": tables/roulette.ts)
  // bingoRegistration, (helper "tables": tables/bingo.ts)
];

export function registrationOf(engine: string): EngineRegistration | undefined {
  return ENGINES.find((registration) => registration.engine === engine);
}
