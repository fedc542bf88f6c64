import type { Plugin } from 'vite';

/** Bare imports that may be evaluated on first use: `on-first-use:<import>` gives `load()`, which returns it. */
const PREFIX = 'on-first-use:';

/**
 * Modules the entry bundles but evaluates only when the app first asks for them (issue 14). The build
 * writes such a module as a CommonJS `require` inside a function, which the bundler keeps lazy in the same
 * chunk: the code costs no extra file and no extra bytes, and its evaluation leaves the task that runs
 * every other module of the entry.
 *
 * react-dom's client is the one: it creates five Errors as it evaluates. While DevTools' Runtime domain is
 * on (Lighthouse, any attached debugger), V8 records a detailed stack for each, and resolving a frame of
 * the entry's top level re-parses the whole entry for its source positions: about 25 ms on this machine's
 * CPU, in the same task. Called from the app's start instead, no frame of the entry's top level is on
 * those stacks. `npm run dev` serves a plain static import.
 */
export function onFirstUse(): Plugin {
  let build = false;
  return {
    name: 'panalo-on-first-use',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(source) {
      return source.startsWith(PREFIX) ? `\0${source}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const target = JSON.stringify(id.slice(PREFIX.length + 1));
      return build
        ? `module.exports = { load: function () { return require(${target}); } };`
        : `import * as target from ${target};\nexport function load() { return target; }`;
    },
  };
}
