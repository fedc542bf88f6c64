// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers, read from its imports (docs/architecture.md "The server"):
 * - server/app.ts is the table of contents: it imports only modules' and providers' index.ts, plugins,
 *   db, lib, the configuration and the contract;
 * - a module's routes (its calls and pages) are imported only by its own index.ts, which wires it;
 * - one module reaches another only through that module's index.ts (or a decorator it declares), never
 *   its service, repository or routes;
 * - every file of a module has a layer (index, routes, service, repository or model: by its name, or in
 *   LAYERS), and never imports upwards: a service no routes, a repository no service or routes, a model
 *   (the module's pure types and rules) nothing of its module but models.
 */

const ROOT = resolve(__dirname, '../..');

function serverFiles(dir = join(ROOT, 'server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : serverFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import of a file, as a path from the repository root without extension (a folder as its index). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/\bfrom\s+'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/g)].map((m) => m[1] ?? m[2]!);
  return specifiers.map((specifier) => {
    const path = relative(ROOT, resolve(dirname(file), specifier)).replace(/\.ts$/, '');
    return /^server\/(modules|providers)\/[^/]+$/.test(path) || path === 'server/config' ? `${path}/index` : path;
  });
}

type Layer = 'index' | 'routes' | 'service' | 'repository' | 'model';

/** The layer of a module file not named for it (index.ts, routes.ts / *Routes.ts, service.ts, repository.ts). */
const LAYERS: Record<string, Layer> = {
  'auth/captcha': 'service',
  'auth/codes': 'service',
  'auth/idle': 'service',
  'auth/lockout': 'service',
  'auth/sessions': 'service',
  'auth/sockets': 'service',
  'auth/tickets': 'service',
  'auth/users': 'service',
  'bankDeposits/payWays': 'service',
  'bets/acceptance': 'service',
  'bets/bonus': 'service',
  'bets/cashout': 'service',
  'bets/cashoutRepository': 'repository',
  'bets/liveAcceptance': 'service',
  'bets/placement': 'service',
  'bets/schemas': 'service',
  'bets/settlement': 'service',
  'bets/tasks': 'service',
  'bets/tickets': 'model',
  'bets/writer': 'service',
  'campaigns/defaultMissions': 'model',
  'campaigns/fairness': 'model',
  'campaigns/luckySpin': 'service',
  'campaigns/masskara': 'service',
  'campaigns/masskaraRepository': 'repository',
  'campaigns/raffles': 'service',
  'campaigns/tournaments': 'service',
  'campaigns/services': 'service',
  'casinoWallet/api': 'service',
  'casinoWallet/bonus': 'service',
  'casinoWallet/records': 'service',
  'casinoWallet/seamless': 'service',
  'casinoWallet/transfers': 'service',
  'deposits/ewallets': 'service',
  'deposits/notify': 'service',
  'deposits/view': 'service',
  'dev/deposits': 'routes',
  'dev/feed': 'routes',
  'dev/html': 'service',
  'dev/outbox': 'routes',
  'dev/reconciliation': 'routes',
  'dev/vouchers': 'routes',
  'games/catalogue': 'service',
  'games/store': 'service',
  'games/thumbs': 'service',
  'kyc/notify': 'service',
  'kyc/retention': 'service',
  'kyc/status': 'model',
  'kyc/webhooks': 'service',
  'news/devPage': 'routes',
  'news/model': 'model',
  'partners/bot': 'service',
  'social/oidc': 'service',
  'partners/maya': 'service',
  'partners/handoff': 'service',
  'partners/secrets': 'service',
  'paymentAccounts/banks': 'service',
  'payments/inbox': 'service',
  'payments/payWays': 'service',
  'payments/refusals': 'service',
  'payments/secrets': 'service',
  'promotions/checkIns': 'service',
  'promotions/coupons': 'service',
  'promotions/freeBets': 'service',
  'promotions/defaultOffers': 'model',
  'promotions/rebates': 'service',
  'promotions/wagering': 'model',
  'push/texts': 'model',
  'reconciliation/sources': 'service',
  'responsibleGaming/devPages': 'routes',
  'site/settings': 'service',
  'sports/insight': 'service',
  'sports/streams': 'service',
  'stats/model': 'model',
  'wallet/ledger': 'repository',
  'withdrawals/agentCashOut': 'routes',
  'withdrawals/limits': 'service',
  'withdrawals/password': 'service',
  'withdrawals/reconcile': 'service',
};

/** A module file's module and name (`{ module: 'bets', name: 'service' }`), undefined for any other file. */
function moduleFile(path: string): { module: string; name: string } | undefined {
  const match = /^server\/modules\/([^/]+)\/(.+?)(\.ts)?$/.exec(path);
  return match ? { module: match[1]!, name: match[2]! } : undefined;
}

function layerOf(path: string): Layer | undefined {
  const file = moduleFile(path);
  if (!file) return undefined;
  const { module, name } = file;
  if (name === 'index' || name === 'routes' || name === 'service' || name === 'repository') return name;
  if (/Routes$/.test(name)) return 'routes';
  return LAYERS[`${module}/${name}`];
}

describe('server layers', () => {
  const files = serverFiles().map((file) => ({ path: relative(ROOT, file).replace(/\.ts$/, ''), imports: importsOf(file) }));

  it('has a routes / service / repository split in account, messages, wallet and sports, each wired by its index', () => {
    for (const module of ['account', 'messages', 'wallet', 'sports']) {
      for (const part of ['index', 'routes', 'service', 'repository'].filter((p) => !(module === 'wallet' && p === 'repository'))) {
        expect(files.map((f) => f.path)).toContain(`server/modules/${module}/${part}`);
      }
    }
    // The wallet's repository is its ledger.
    expect(files.map((f) => f.path)).toContain('server/modules/wallet/ledger');
  });

  it('gives every file of a module a layer', () => {
    const unknown = files.filter((f) => moduleFile(f.path) && !layerOf(f.path)).map((f) => f.path);
    expect(unknown, 'name the file for its layer, or add it to LAYERS').toEqual([]);
    // Every module is wired by its own index.ts.
    const modules = new Set(files.map((f) => moduleFile(f.path)?.module).filter(Boolean));
    for (const module of modules) expect(files.map((f) => f.path)).toContain(`server/modules/${module}/index`);
  });

  it('makes server/app.ts the table of contents: index files, plugins, db, lib, the configuration, the options and the contract', () => {
    const app = files.find((f) => f.path === 'server/app')!;
    const allowed = (path: string) =>
      /^server\/(modules|providers)\/[^/]+\/index$/.test(path) ||
      /^server\/(plugins|db|lib)\//.test(path) ||
      path === 'server/config/index' ||
      // What a caller may set (AppOptions): each part's options, types only.
      path === 'server/options' ||
      path.startsWith('src/contract/');
    expect(app.imports.filter((path) => !allowed(path))).toEqual([]);
    // A list, not wiring: it stays short enough to read at a glance (issue 33: at most 150 lines).
    expect(readFileSync(join(ROOT, 'server/app.ts'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });

  it('imports a module’s routes only in its own index.ts', () => {
    const offenders = files.flatMap((f) =>
      f.imports
        .filter((path) => layerOf(path) === 'routes')
        .filter((path) => f.path !== `server/modules/${moduleFile(path)!.module}/index`)
        .map((path) => `${f.path} → ${path}`),
    );
    expect(offenders).toEqual([]);
  });

  it('lets one module reach another only through its index.ts', () => {
    const offenders = files.flatMap((f) => {
      const own = moduleFile(f.path)?.module;
      return f.imports
        .filter((path) => {
          const target = moduleFile(path);
          return target !== undefined && target.module !== own && target.name !== 'index';
        })
        .map((path) => `${f.path} → ${path}`);
    });
    expect(offenders).toEqual([]);
  });

  it('never imports upwards: a service no routes, a repository no service or routes, a model only models', () => {
    const ABOVE: Partial<Record<Layer, Layer[]>> = {
      service: ['routes', 'index'],
      repository: ['routes', 'service', 'index'],
      model: ['routes', 'service', 'repository', 'index'],
    };
    const offenders = files.flatMap((f) => {
      const above = ABOVE[layerOf(f.path) ?? 'index'];
      if (!above) return [];
      const module = moduleFile(f.path)!.module;
      return f.imports
        .filter((path) => moduleFile(path)?.module === module && above.includes(layerOf(path)!))
        .map((path) => `${f.path} → ${path}`);
    });
    expect(offenders).toEqual([]);
  });
});
