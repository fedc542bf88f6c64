// The Content-Security-Policy forbids eval: zod must neither compile its object parsers with
// `new Function` nor probe whether it may (the refused probe is reported as a CSP violation). zod keeps
// its settings on globalThis.__zod_globalConfig and adopts an object already there when it loads, so
// main.tsx sets `jitless` here before any page's chunk loads zod, and the first load holds no zod at all
// (issue 14; tests/unit/search.test.ts checks zod still reads it).
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
