// The app's import boundaries (docs/web.md, 'Structure'), as a local ESLint rule:
// - a feature never imports another feature (src/features/X may not import src/features/Y);
// - src/components, src/lib and src/api never import a feature.
// src/app composes the features and may import any of them. Imports are resolved by path
// ('@/...' is src/, relative paths from the importing file), so aliases and '../..' alike count.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** Where a file is: its area under src/ ('features', 'lib', ...) and, for a feature, its name. */
function placeOf(file) {
  const rel = relative(SRC, file);
  if (rel.startsWith('..') || rel === '') return null;
  const [area, feature] = rel.split(sep);
  return { area, feature: area === 'features' ? feature : undefined };
}

function targetOf(specifier, file) {
  if (specifier.startsWith('@/')) return resolve(SRC, specifier.slice(2));
  if (specifier.startsWith('./') || specifier.startsWith('../')) return resolve(dirname(file), specifier);
  return null; // a package
}

/** The problem with importing `target` from `from`, or null. */
export function boundaryProblem(from, target) {
  if (!from || !target || target.area !== 'features') return null;
  if (from.area === 'features' && from.feature !== target.feature) {
    return `A feature never imports another feature (features/${from.feature} imports features/${target.feature}): let src/app compose them.`;
  }
  if (from.area === 'components' || from.area === 'lib' || from.area === 'api') {
    return `src/${from.area} never imports a feature (features/${target.feature}): move what is shared out of the feature.`;
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Features do not import each other; shared code does not import features' },
    schema: [],
  },
  create(context) {
    const from = placeOf(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const path = targetOf(source.value, context.filename);
      const message = path ? boundaryProblem(from, placeOf(path)) : null;
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { meta: { name: 'pocketchart-boundaries' }, rules: { 'import-boundaries': rule } };
