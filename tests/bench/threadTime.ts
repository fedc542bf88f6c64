/**
 * A page start's main-thread tasks by their *thread time* (the CPU the renderer's main thread spent, which
 * other processes on the machine barely change, unlike the wall-clock durations Lighthouse reads), counted
 * as Lighthouse's simulation counts blocking time: for tests/bench/startup-cost.ts, and beside each
 * Lighthouse audit in tests/bench/lighthouse.ts (the same audit's trace).
 */
import { round } from './stats';

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

export type Figures = { tbtX4Ms: number; longestX4Ms: number; tasksOver50X4: number; mainThreadMs: number };
/** Lighthouse's simulated CPU slowdown (mobile), and the length over which a task blocks. */
export const CPU_SLOWDOWN = 4;
const BLOCKING_MS = 50;

/** The figures of one trace: the main thread is the one that painted first contentful paint. */
export function startupFigures(events: readonly TraceEvent[]): Figures | undefined {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return undefined;
  const tasks = events.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.name === 'RunTask' && e.ph === 'X');
  let tbt = 0;
  let longest = 0;
  let over = 0;
  let total = 0;
  for (const task of tasks) {
    const ms = (task.tdur ?? task.dur ?? 0) / 1000;
    total += ms;
    if (task.ts < fcp.ts) continue;
    const slowed = ms * CPU_SLOWDOWN;
    tbt += Math.max(0, slowed - BLOCKING_MS);
    longest = Math.max(longest, slowed);
    if (slowed > BLOCKING_MS) over++;
  }
  return { tbtX4Ms: round(tbt), longestX4Ms: round(longest), tasksOver50X4: over, mainThreadMs: round(total) };
}
