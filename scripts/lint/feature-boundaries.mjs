import path from 'node:path';
import { layerOrder, onImports } from './layers.mjs';

/**
 * ESLint rule `panalo/feature-boundaries` (ARCHITECTURE "Layout"): a file in src/features/<name>
 * imports only the shared layers and its own feature, never another feature nor src/app. What two
 * features share moves down to a shared layer; features are put together in src/app.
 */
export const SHARED_LAYERS = ['api', 'realtime', 'ui', 'lib', 'contract', 'stores', 'hooks', 'i18n'];

const shared = new Set(SHARED_LAYERS);

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature imports only the shared layers and itself.' },
    schema: [],
    messages: {
      otherFeature:
        "'{{source}}' is in the feature '{{target}}': a feature imports only the shared layers ({{shared}}) and itself. Move what both need down to a shared layer, or put the features together in src/app.",
      notShared: "'{{source}}' is in src/{{target}}: a feature imports only the shared layers ({{shared}}) and itself.",
    },
  },
  create(context) {
    const src = path.resolve(context.cwd, 'src');
    const file = path.resolve(context.cwd, context.filename);
    const [layer, own, ...rest] = path.relative(src, file).split(path.sep);
    if (layer !== 'features' || !own || rest.length === 0) return {};

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const [targetLayer, targetFeature] = path.relative(src, path.resolve(path.dirname(file), source)).split(path.sep);
      // Outside src (workers/, node_modules through a path): other rules govern those.
      if (!targetLayer || targetLayer === '..') return;
      const data = { source, shared: SHARED_LAYERS.join(', ') };
      if (targetLayer === 'features') {
        if (targetFeature !== own) context.report({ node, messageId: 'otherFeature', data: { ...data, target: targetFeature } });
      } else if (!shared.has(targetLayer)) {
        context.report({ node, messageId: 'notShared', data: { ...data, target: targetLayer } });
      }
    }

    return onImports(check);
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries, 'layer-order': layerOrder } };
