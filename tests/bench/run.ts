/**
 * `npm run bench`: figures, never pass/fail. Prints them and writes bench-results/<name>.json.
 *
 * Foundation figures:
 *  - the first download: bytes of the app shell (the entry and what it imports) raw, gzip and brotli,
 *    and the median page chunk, from the production build in dist/ (run `npm run build` first);
 *  - first-load JS per page (issue 14, target ≤ 150 KB brotli): for /foryou and /sports, the entry and
 *    its static imports plus the route's page chunk and its static imports, each file once, brotli
 *    (quality 11, as scripts/precompress.mjs) summed file by file as they go on the wire;
 *  - main-thread cost per navigation of the route guards, and per call of the API client's body
 *    enrichment + Sign + headers (the work every request does before it leaves the phone).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type GuardState, decide } from '../../src/app/routes/guards';
import { ROUTES, type RouteDef } from '../../src/app/routes/table';
import { createApiClient } from '../../src/api/client';
import { computeSign } from '../../src/contract/sign';
import { shellFiles } from '../../scripts/shell-files';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median nanoseconds per operation over `rounds` rounds of `batch` operations. */
async function measure(batch: number, rounds: number, op: () => unknown | Promise<unknown>): Promise<number> {
  const perOp: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) await op();
    perOp.push(Number(process.hrtime.bigint() - start) / batch);
  }
  return median(perOp);
}

function sizes(files: string[]) {
  const data = Buffer.concat(files.map((file) => readFileSync(join('dist', file))));
  return {
    raw: data.length,
    gzip: gzipSync(data, { level: 9 }).length,
    brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

type Manifest = Record<string, { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] }>;

/** The page chunk of each measured route: the dynamic entries whose source file is named so. */
const FIRST_LOAD_PAGES: Record<string, string[]> = { '/foryou': ['ForYouPage'], '/sports': ['SportsPage'] };
const FIRST_LOAD_TARGET_BROTLI = 150 * 1024;

/** The JS files a chunk pulls in statically (itself included), from the build manifest. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/** Bytes of each file compressed on its own (as the server sends them), summed. */
function wireSizes(files: string[]) {
  let gzip = 0;
  let brotli = 0;
  let raw = 0;
  for (const file of files) {
    const data = readFileSync(join('dist', file));
    raw += data.length;
    gzip += gzipSync(data, { level: 9 }).length;
    brotli += brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { raw, gzip, brotli };
}

function firstLoadFigures(manifest: Manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const out: Record<string, unknown> = {};
  for (const [page, names] of Object.entries(FIRST_LOAD_PAGES)) {
    const routeKeys = Object.keys(manifest).filter(
      (key) => manifest[key]!.isDynamicEntry && names.some((name) => key.replace(/\.[^./]+$/, '').endsWith(`/${name}`)),
    );
    if (routeKeys.length === 0) {
      out[page] = `no page chunk named ${names.join(' or ')} in the manifest`;
      continue;
    }
    const files = [...staticClosure(manifest, [...entries, ...routeKeys])];
    const size = wireSizes(files);
    out[page] = {
      files: files.length,
      ...size,
      brotliKB: Math.round((size.brotli / 1024) * 10) / 10,
      targetBrotliKB: FIRST_LOAD_TARGET_BROTLI / 1024,
      routeChunks: routeKeys,
    };
  }
  return out;
}

function bundleFigures() {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Manifest;
  const shell = [...shellFiles('dist')];
  const pageChunks = Object.values(manifest)
    .filter((chunk) => chunk.isDynamicEntry && !/\.(en|cn)-/.test(chunk.file))
    .map((chunk) => sizes([chunk.file]).brotli);
  return {
    shellFiles: shell.length,
    shellJs: sizes(shell.filter((f) => f.endsWith('.js'))),
    shellCss: sizes(shell.filter((f) => f.endsWith('.css'))),
    html: sizes(['index.html']),
    pageChunks: pageChunks.length,
    pageChunkMedianBrotli: median(pageChunks),
    firstLoadJs: firstLoadFigures(manifest),
  };
}

async function main() {
  const results: Record<string, unknown> = { when: new Date().toISOString(), node: process.version };

  try {
    results['bundle'] = bundleFigures();
  } catch {
    results['bundle'] = 'no build in dist/: run `npm run build` first';
  }

  const state: GuardState = {
    partner: undefined,
    isNativeApp: false,
    inFrame: false,
    loggedIn: true,
    user: { mobileNo: '+63 917 *** 4567', bindType: undefined },
    site: { pagcorVersion: true, gameList: 1, PHONE_BIND_SWITCH: [{ productModule: 'H5', productType: 'AP', switch: true }] },
    kyc: { forceNewUserEkycSwitch: true, ekycStatus: 1 },
    defaultTab: 'foryou',
  };
  const defs = ROUTES as readonly RouteDef[];
  let index = 0;
  results['guardDecisionNs'] = await measure(10_000, 15, () => {
    const def = defs[index++ % defs.length]!;
    return decide({ pathname: def.path, search: { zoneid: '7', clickid: 'abc' } }, { def, params: { gameKind: 'slot' } }, state);
  });

  const body = JSON.stringify({ note: 'x'.repeat(900) });
  results['signNsPer1KiB'] = await measure(2_000, 15, () =>
    computeSign('k'.repeat(64), { body, qid: 'q', appId: 'C66H501', version: '1.0.0', token: 't'.repeat(43) }),
  );

  const ok = new Response(JSON.stringify({ head: { errCode: '0000', errMsg: '' }, body: null }));
  const client = createApiClient(
    {
      appKey: () => 'k'.repeat(64),
      token: () => 't'.repeat(43),
      identity: () => ({ loginName: 'juan01', customerId: '1001' }),
      language: () => 'en',
      deviceId: () => 'device',
      clientTags: () => ({ client: 'h5', platform: 'H5' }),
      container: () => 'browser',
      packageName: () => '',
      domainName: () => 'panalo.test',
      pathname: () => '/sports',
      inGame: () => false,
      newRequestId: () => 'qid',
      fetch: async () => ok.clone(),
      encryptField: async (value) => value,
    },
    {
      toast: () => undefined,
      alert: () => undefined,
      frequentRequest: () => undefined,
      resetToken: () => undefined,
      mobileChanged: () => undefined,
      loginRequired: () => undefined,
      blacklist: () => undefined,
      kyc: () => undefined,
      debugDump: () => undefined,
      responsibleGaming: () => undefined,
    },
  );
  results['clientCallOverheadNs'] = await measure(2_000, 15, () => client.call('main', 'customer/getBalance', { type: 0 }));

  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/foundation.json', `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
  const firstLoad = (results['bundle'] as { firstLoadJs?: Record<string, { brotliKB?: number }> }).firstLoadJs;
  if (firstLoad)
    for (const [page, figure] of Object.entries(firstLoad))
      console.log(`first-load JS, brotli, ${page}: ${figure.brotliKB ?? figure} KB (target ≤ ${FIRST_LOAD_TARGET_BROTLI / 1024} KB)`);
  console.log('\nwritten to bench-results/foundation.json');
}

await main();
