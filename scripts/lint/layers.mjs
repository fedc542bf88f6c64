import path from 'node:path';

/**
 * ESLint rule `panalo/layer-order` (docs/architecture.md "The page: layers and their rule"):
 * - a file in a shared layer of src/ imports only its own layer and the layers below it, in this order
 *   (the table in docs/architecture.md lists them in the same order: tests/unit/boundaries.test.ts);
 * - server/ and workers/ import from src/ only src/contract and src/lib (what the three share);
 * - src/ imports nothing from workers/ (the page starts the worker by its address, it does not import it).
 * Features and src/app are the top two layers; what a feature may import is panalo/feature-boundaries'.
 */
export const LAYER_ORDER = [['contract', 'lib'], ['stores'], ['api'], ['realtime'], ['ui'], ['hooks', 'i18n'], ['features'], ['app']];

/** What server/ and workers/ may import from src/. */
export const SHARED_WITH_SERVER = ['contract', 'lib'];

const rank = new Map(LAYER_ORDER.flatMap((group, index) => group.map((layer) => [layer, index])));

export const layerOrder = {
  meta: {
    type: 'problem',
    docs: { description: 'Shared layers import only layers below them; server/ and workers/ only src/contract and src/lib.' },
    schema: [],
    messages: {
      upwards: "'{{source}}' is in src/{{target}}, above src/{{own}}: a layer imports only the layers below it ({{order}}).",
      serverReach: "'{{source}}' is in src/{{target}}: {{own}}/ imports only src/contract and src/lib from src/.",
      workerFromPage: "'{{source}}' is in workers/: the page shares code with the worker through src/contract or src/lib.",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = path.resolve(root, context.filename);
    const [top, layer] = path.relative(root, file).split(path.sep);
    const fromSrc = top === 'src' && rank.has(layer);
    const fromBackEnd = top === 'server' || top === 'workers';
    if (!fromSrc && !fromBackEnd) return {};
    const order = LAYER_ORDER.map((group) => group.join('/')).join(' < ');

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const [targetTop, target] = path.relative(root, path.resolve(path.dirname(file), source)).split(path.sep);
      const data = { source, target, own: fromSrc ? layer : top, order };
      if (fromBackEnd) {
        if (targetTop === 'src' && !SHARED_WITH_SERVER.includes(target)) context.report({ node, messageId: 'serverReach', data });
        return;
      }
      if (targetTop === 'workers') context.report({ node, messageId: 'workerFromPage', data });
      else if (targetTop === 'src' && rank.has(target) && rank.get(target) > rank.get(layer))
        context.report({ node, messageId: 'upwards', data });
    }

    return onImports(check);
  },
};

/** The visitors that hand every import, re-export and import() of a file to `check(node, source)`. */
export function onImports(check) {
  const fromSource = (node) => node.source && check(node.source, node.source.value);
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
  };
}
