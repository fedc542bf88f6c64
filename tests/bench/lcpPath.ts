/**
 * What Lighthouse's simulated LCP is made of, for one audit kept by `tests/bench/lighthouse.ts --keep`
 * (its `.artifacts` folder): Lantern's optimistic and pessimistic estimates, and for each the chain of
 * requests and main-thread tasks that ends last (each node's simulated start and end), i.e. what the
 * largest paint waits for in the simulation. A tool for reading, not a benchmark:
 *   node --import tsx tests/bench/lcpPath.ts bench-results/lighthouse/account_player-1.artifacts
 */
import { resolve } from 'node:path';
// Lighthouse's own modules: the artifacts' loader and the LCP the audit computes.
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { defaultSettings } from 'lighthouse/core/config/constants.js';

interface LanternNode {
  id: string;
  type: 'network' | 'cpu';
  request?: { url: string; transferSize: number; priority: string };
  event?: { dur?: number };
  childEvents?: { name: string; args?: { data?: { url?: string } } }[];
  getDependencies(): LanternNode[];
}
interface Timing {
  startTime: number;
  endTime: number;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<LanternNode, Timing>;
}

function label(node: LanternNode): string {
  if (node.type === 'network' && node.request)
    return `${node.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 90)} (${Math.round(node.request.transferSize / 1024)} KB, ${node.request.priority})`;
  const names = [...new Set((node.childEvents ?? []).map((e) => e.name))].filter((n) =>
    /EvaluateScript|FunctionCall|TimerFire|ParseHTML|Layout|Paint|RunMicrotasks|XHRReadyStateChange|FireAnimationFrame|v8.compile|ResourceReceive/.test(
      n,
    ),
  );
  const url = (node.childEvents ?? []).map((e) => e.args?.data?.url).find(Boolean);
  return `CPU ${Math.round((node.event?.dur ?? 0) / 1000)} ms observed [${names.slice(0, 5).join(', ')}]${url ? ` ${url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60)}` : ''}`;
}

function criticalPath(estimate: Estimate): string[] {
  const timings = estimate.nodeTimings;
  let node: LanternNode | undefined = [...timings.entries()].sort((a, b) => b[1].endTime - a[1].endTime)[0]?.[0];
  const lines: string[] = [];
  while (node) {
    const t = timings.get(node)!;
    lines.push(`  ${String(Math.round(t.startTime)).padStart(6)} → ${String(Math.round(t.endTime)).padStart(6)}  ${label(node)}`);
    node = node
      .getDependencies()
      .filter((dep) => timings.has(dep))
      .sort((a, b) => timings.get(b)!.endTime - timings.get(a)!.endTime)[0];
  }
  return lines;
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: lcpPath.ts <audit>.artifacts');
const artifacts = await loadArtifacts(resolve(dir));
const settings = { ...defaultSettings, formFactor: 'mobile' as const };
const context = { computedCache: new Map(), settings };
const result = (await LanternLargestContentfulPaint.request(
  {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
    HostDPR: artifacts.HostDPR,
  },
  context,
)) as { timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate };
console.log(`simulated LCP ${Math.round(result.timing)} ms`);
for (const [name, estimate] of [
  ['optimistic', result.optimisticEstimate],
  ['pessimistic', result.pessimisticEstimate],
] as const) {
  const all = [...estimate.nodeTimings.keys()];
  const bytes = all.reduce((sum, n) => sum + (n.request?.transferSize ?? 0), 0);
  console.log(
    `\n${name}: ${Math.round(estimate.timeInMs)} ms, ${all.filter((n) => n.type === 'network').length} requests (${Math.round(bytes / 1024)} KB), ${all.filter((n) => n.type === 'cpu').length} tasks; the chain that ends last:`,
  );
  console.log(criticalPath(estimate).reverse().join('\n'));
}
