import path from 'node:path';

/**
 * Module boundaries (docs/architecture.md), checked on the resolved import path so that every depth is covered,
 * area-level files (modules/<area>/routes.ts, seed.ts …) included:
 * - server: a module reaches another module only through its public service.ts or index.ts; an area's routes.ts
 *   registers its own modules' route plugins; a module never imports db/seed (the seed calls modules, not back).
 * - web: features/<area> imports only its own area, app/, api/ and i18n/ (shared components live in app/).
 */
const SERVER = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;
const WEB = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
const PUBLIC_FILE = /^(?:service|index)\.ts$/;
const ROUTES_FILE = /(?:^|-)routes\.ts$/;
const TEST_FILE = /\.test\.tsx?$/;

/** modules/auth/x.ts → 'auth'; modules/<area>/<module>/… → '<area>/<module>'; an area-level file → null. */
function moduleOf(parts) {
  if (parts[1] === 'auth') return 'auth';
  return parts.length >= 4 ? `${parts[1]}/${parts[2]}` : null;
}

function serverProblem(from, to) {
  const f = from.split('/');
  const t = to.split('/');
  if (f[0] !== 'modules') return null;
  if (t[0] === 'db' && t[1] === 'seed' && !TEST_FILE.test(from))
    return 'A module never imports db/seed: the seed calls the modules’ services, not the other way.';
  if (t[0] !== 'modules') return null;
  const target = moduleOf(t);
  const own = moduleOf(f);
  if (target === null) {
    return t[1] === f[1] ? null : 'An area’s own files (routes.ts, seed.ts, imports.ts …) are not used by another area.';
  }
  if (target === own) return null;
  const file = t[t.length - 1];
  const publicDepth = target === 'auth' ? 3 : 4;
  if (PUBLIC_FILE.test(file) && t.length === publicDepth) return null;
  if (own === null && path.posix.basename(from) === 'routes.ts' && t[1] === f[1] && ROUTES_FILE.test(file)) return null;
  return 'A module uses another module only through its public service.ts (or index.ts): not its schema, routes or internals.';
}

function webProblem(from, to) {
  const f = from.split('/');
  const t = to.split('/');
  if (f[0] !== 'features') return null;
  if (t[0] === 'features' && t[1] === f[1]) return null;
  if (['app', 'api', 'i18n'].includes(t[0])) return null;
  return `features/${f[1]} imports only its own area, app/, api/ and i18n/: a piece two areas use belongs in app/ (components in app/components).`;
}

const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Module and feature-area boundaries of the server and the web' } },
  create(context) {
    const file = context.filename;
    const root = file.includes(SERVER) ? SERVER : file.includes(WEB) ? WEB : null;
    if (!root) return {};
    const base = file.slice(0, file.indexOf(root) + root.length);
    const rel = (p) => path.relative(base, p).split(path.sep).join('/');
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const from = rel(file);
      const to = rel(path.resolve(path.dirname(file), source));
      const problem = root === SERVER ? serverProblem(from, to) : webProblem(from, to);
      if (problem) context.report({ node, message: `${problem} (${source})` });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { imports: rule } };
