/**
 * RTP figures for `npm run bench` (issue 13: "each game's measured RTP over enough rounds to be within
 * ±1 % of its stated value, with the round count"). Not a test and no timing: for every engine and
 * paytable variant of the provider simulator — every instant engine registered in `engines/index.ts`
 * (slot, video poker, crash, fishing), played with its `autoplay` reference strategy, and the live
 * tables' round functions (roulette, bingo) — it plays rounds until the 99.7 % interval of the measured
 * RTP (±3 standard errors) is no wider than ±HALF_WIDTH percentage points (0.75, within the ±1 asked),
 * the round count following from the variance measured so far (at least MIN_ROUNDS, then batches until
 * n ≥ (3σ / HALF_WIDTH)²).
 * Prints engine, variant, stated %, measured %, rounds and the ± interval; writes bench-results/rtp.json
 * and rtp.md. Exits 1 when a measured RTP is more than 1 point from the stated one.
 *
 * Randomness: the engines take any `Rng`; the bench's draws come from the operating system's CSPRNG
 * (`crypto.randomFillSync`, read as 32-bit words) with fair.ts's exact rules (rejection
 * for int(n), value / 2³² for float), because the per-round HMAC of `fairRng` costs ~20 µs and the
 * bench plays tens of millions of rounds. The distribution of every draw is the same uniform one.
 *
 * BENCH_RTP_HALF_WIDTH (percentage points, default 0.75), BENCH_RTP_MIN_ROUNDS (default 1,000,000),
 * BENCH_RTP_MAX_ROUNDS (per variant, default 40,000,000), BENCH_RTP_ONLY (a comma list of engines) tune
 * a run.
 */
import { randomFillSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Rng } from '../../server/providers/games/fair';
import { ENGINES } from '../../server/providers/games/engines/index';
import { BINGO_RTP_BPS, ROULETTE_RTP_BPS, bingoRtpRound, rouletteRtpRound } from '../../server/providers/games/tables/index';
import { round } from './stats';

const Z = 3;
/**
 * The interval's target half-width: ±0.75 points, inside the ±1 point the issue asks, so that a fair
 * engine measured 1 point off is a 4σ event (a false alarm about once in 15,000 variants) rather than a
 * 3σ one (once in 370).
 */
const HALF_WIDTH = Number(process.env['BENCH_RTP_HALF_WIDTH'] ?? 0.75) / 100;
const MAX_ROUNDS = Number(process.env['BENCH_RTP_MAX_ROUNDS'] ?? 40_000_000);
const ONLY = process.env['BENCH_RTP_ONLY']?.split(',').map((s) => s.trim());
/**
 * Every variant plays at least this many rounds before its variance decides: a pilot of a few thousand
 * rounds would often miss the rare top prizes (a royal flush comes once in ~40,000 hands, 2 % of video
 * poker's RTP) and so understate the variance and stop too early.
 */
const MIN_ROUNDS = Number(process.env['BENCH_RTP_MIN_ROUNDS'] ?? 1_000_000);
const BATCH = 100_000;
/** ₱100: every engine's win is a whole number of centavos at this stake (the crash game's h × bet / 100 included). */
const BET = 10_000;
const TOLERANCE = 0.01;

function cryptoRng(): Rng {
  const UINT32 = 2 ** 32;
  const words = new Uint32Array(16_384);
  let at = words.length;
  let draws = 0;
  const next = () => {
    if (at === words.length) {
      randomFillSync(words);
      at = 0;
    }
    draws += 1;
    return words[at++]!;
  };
  return {
    int(n: number) {
      const limit = Math.floor(UINT32 / n) * n;
      for (;;) {
        const value = next();
        if (value < limit) return value % n;
      }
    },
    float: () => next() / UINT32,
    get draws() {
      return draws;
    },
  };
}

interface Subject {
  engine: string;
  variant: string;
  statedBps: number;
  /** One round's win, centavos, for a stake of BET. */
  play(rng: Rng): number;
}

function subjects(): Subject[] {
  const list: Subject[] = [];
  for (const registration of ENGINES) {
    const instant = registration.instant;
    if (!instant) continue;
    for (const variant of registration.variants) {
      list.push({
        engine: registration.engine,
        variant: variant.label ? `${variant.code} (${variant.label})` : variant.code,
        statedBps: registration.rtpBps(variant.params),
        play: (rng) => instant.autoplay({ bet: BET, params: variant.params, rng }).win,
      });
    }
  }
  list.push({
    engine: 'roulette',
    variant: 'european (every bet kind)',
    statedBps: ROULETTE_RTP_BPS,
    play: (rng) => rouletteRtpRound(rng, BET).win,
  });
  list.push({ engine: 'bingo', variant: '75-ball, 40 balls', statedBps: BINGO_RTP_BPS, play: (rng) => bingoRtpRound(rng, BET).win });
  return ONLY ? list.filter((subject) => ONLY.includes(subject.engine)) : list;
}

interface Figure {
  engine: string;
  variant: string;
  statedPct: number;
  measuredPct: number;
  rounds: number;
  /** Half-width of the 99.7 % interval (3 standard errors), percentage points. */
  ciPct: number;
  /** Standard deviation of one round's return (in stakes). */
  stdDevPerRound: number;
  /** The interval reached ±HALF_WIDTH (false only when MAX_ROUNDS stopped it). */
  intervalReached: boolean;
  /** |measured − stated| ≤ 1 point. */
  withinOnePoint: boolean;
  /** The stated value lies inside the measured 99.7 % interval. */
  statedInsideInterval: boolean;
  seconds: number;
}

function measure(subject: Subject): Figure {
  const rng = cryptoRng();
  const began = performance.now();
  // Welford's running mean and variance of the return per stake.
  let n = 0;
  let mean = 0;
  let m2 = 0;
  const playBatch = (count: number) => {
    for (let i = 0; i < count; i += 1) {
      const x = subject.play(rng) / BET;
      n += 1;
      const delta = x - mean;
      mean += delta / n;
      m2 += delta * (x - mean);
    }
  };
  playBatch(Math.min(MIN_ROUNDS, MAX_ROUNDS));
  const needed = () => Math.ceil((Z * Math.sqrt(m2 / (n - 1))) ** 2 / HALF_WIDTH ** 2);
  while (n < needed() && n < MAX_ROUNDS) playBatch(Math.min(Math.max(BATCH, needed() - n), MAX_ROUNDS - n));
  const sd = Math.sqrt(m2 / (n - 1));
  const ci = (Z * sd) / Math.sqrt(n);
  const stated = subject.statedBps / 10_000;
  return {
    engine: subject.engine,
    variant: subject.variant,
    statedPct: subject.statedBps / 100,
    measuredPct: round(mean * 100),
    rounds: n,
    ciPct: round(ci * 100),
    stdDevPerRound: round(sd),
    intervalReached: ci <= HALF_WIDTH,
    withinOnePoint: Math.abs(mean - stated) <= TOLERANCE,
    statedInsideInterval: Math.abs(mean - stated) <= ci,
    seconds: round((performance.now() - began) / 1000),
  };
}

function markdown(figures: Figure[], when: string): string {
  const rows = figures.map(
    (f) =>
      `| ${f.engine} | ${f.variant} | ${f.statedPct.toFixed(2)} | ${f.measuredPct.toFixed(3)} | ±${f.ciPct.toFixed(3)} | ${f.rounds.toLocaleString('en-US')} | ${f.stdDevPerRound} | ${f.withinOnePoint ? 'yes' : '**NO**'} |`,
  );
  return [
    `# RTP bench (${when})`,
    '',
    `Measured return to player of every engine variant; the interval is 99.7 % (±${Z} standard errors), the round count chosen from the measured variance so that it is at most ±${(HALF_WIDTH * 100).toFixed(2)} points.`,
    '',
    '| engine | variant | stated % | measured % | 99.7 % interval | rounds | σ per round | within ±1 |',
    '|---|---|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
  ].join('\n');
}

function main() {
  const when = new Date().toISOString();
  const figures: Figure[] = [];
  console.log('engine       variant                     stated %  measured %   ±99.7 %     rounds');
  for (const subject of subjects()) {
    const figure = measure(subject);
    figures.push(figure);
    console.log(
      `${figure.engine.padEnd(12)} ${figure.variant.padEnd(27)} ${figure.statedPct.toFixed(2).padStart(8)} ${figure.measuredPct.toFixed(3).padStart(11)} ${`±${figure.ciPct.toFixed(3)}`.padStart(9)} ${String(figure.rounds).padStart(10)}${figure.withinOnePoint ? '' : '  OUTSIDE ±1'}`,
    );
  }
  const results = {
    when,
    node: process.version,
    generator: 'crypto.randomFillSync 32-bit words, fair.ts rules for int/float',
    confidence: 0.997,
    halfWidthTargetPct: HALF_WIDTH * 100,
    betCentavos: BET,
    figures,
  };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(join('bench-results', 'rtp.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join('bench-results', 'rtp.md'), markdown(figures, when));
  console.log('\nwritten to bench-results/rtp.json and bench-results/rtp.md');
  const outside = figures.filter((figure) => !figure.withinOnePoint);
  if (outside.length > 0) {
    console.error(`${outside.length} variant(s) measured more than 1 point from the stated RTP`);
    process.exitCode = 1;
  }
}

main();
