import fs from 'node:fs';
import path from 'node:path';
import { parseSync, type Plugin } from 'vite';
// Relative import: the Vite config bundles this file, while Node alone could not load the workspace package's TS.
import * as contracts from '../../../../packages/contracts/src/index.ts';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const ENDPOINT_ALIAS = '__nusaEndpoints_';

/**
 * The web build imports every name of '@nusa/contracts' from the contracts module that defines it, and turns
 * `endpoints.login` into `authEndpoints.login` imported from that area's module.
 *
 * Why: the contracts' index re-exports every module and `endpoints` is one object spread from every area's table.
 * Through either, a chunk the entry loads reaches every contract module, so the bundler put every zod schema a
 * page uses anywhere in the app into the first chunks. Importing from the defining modules (the rewrite
 * bundlers call "transform imports" for barrel files) keeps each area's schemas with the pages that call it.
 * The contracts package declares no side effects, so nothing is lost by not going through the index.
 *
 * A module that uses `endpoints` other than as `endpoints.<name>` keeps the whole object. The dev server is
 * unchanged.
 */
export function contractImports(): Plugin {
  let srcDir = '';
  let contractsIndex = '';
  let exportsByName = new Map<string, string>();
  let endpointAreas = new Map<string, { table: string; file: string }>();
  return {
    name: 'nusa-contract-imports',
    apply: 'build',
    // After TypeScript and JSX are compiled away: type-only imports are gone, what is left is plain JavaScript.
    enforce: 'post',
    configResolved(config) {
      srcDir = path.join(config.root, 'src') + path.sep;
      contractsIndex = path.resolve(config.root, '../../packages/contracts/src/index.ts');
    },
    buildStart() {
      exportsByName = definingModules(contractsIndex);
      endpointAreas = areaOfEndpoints(exportsByName);
    },
    transform(code, id) {
      if (!id.startsWith(srcDir) || !/\.[cm]?[jt]sx?$/.test(id) || !code.includes('@nusa/contracts')) return undefined;
      const rewritten = rewriteImports(code, id, exportsByName, endpointAreas, (message) => this.warn(message));
      return rewritten === undefined ? undefined : { code: rewritten, map: null };
    },
  };
}

/** Every value export of the contracts' index → the file that defines it (following `export *` and `export { } from`). */
export function definingModules(index: string): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (file: string) => {
    const parsed = parseSync(file, fs.readFileSync(file, 'utf8'), { lang: 'ts' });
    for (const statement of parsed.module.staticExports) {
      for (const entry of statement.entries) {
        if (entry.isType) continue;
        const target = entry.moduleRequest ? path.resolve(path.dirname(file), entry.moduleRequest.value) : file;
        if (entry.importName.kind === 'AllButDefault' && entry.exportName.kind === 'None') {
          visit(target);
          continue;
        }
        const name = entry.exportName.name;
        if (!name || found.has(name)) continue;
        // A re-export by name: the name's own definition is in the module it comes from.
        if (entry.moduleRequest && entry.importName.name && entry.importName.name !== name) {
          found.set(name, index); // renamed on the way: only the index has it under this name
        } else if (entry.moduleRequest && entry.importName.kind === 'Name') {
          const inner = definingModules(target).get(name);
          found.set(name, inner ?? target);
        } else {
          found.set(name, target);
        }
      }
    }
  };
  visit(index);
  return found;
}

/** Each endpoint's name → the exported area table holding that very endpoint object, and the table's module. */
export function areaOfEndpoints(exportsByName: Map<string, string>): Map<string, { table: string; file: string }> {
  const tables = Object.entries(contracts).filter(
    ([name, value]) => name !== 'endpoints' && /Endpoints$/.test(name) && typeof value === 'object' && value !== null,
  ) as [string, Record<string, unknown>][];
  const areas = new Map<string, { table: string; file: string }>();
  for (const [name, endpoint] of Object.entries(contracts.endpoints)) {
    // The last table holding it, as in the spread that builds `endpoints`.
    const table = tables.findLast(([, entries]) => entries[name] === endpoint);
    const file = table && exportsByName.get(table[0]);
    if (table && file) areas.set(name, { table: table[0], file });
  }
  return areas;
}

const nameOf = (node: unknown) => (node as { name?: string; value?: string }).name ?? (node as { value?: string }).value;

/**
 * The functions of api/call.ts that take an endpoint first and read only its method, path, access, whether it has a
 * body, and its file type: an endpoint sent through one of them becomes a literal of those fields, so the module
 * needs neither the endpoint's zod schemas nor zod (the shell and the login page load none).
 */
const SENDERS = new Set(['call', 'callWithResponse', 'callFile', 'uploadFile', 'send']);

type Sendable = { method: string; path: string; access: unknown; body?: unknown; file?: { contentType: string } };

export function sentEndpoint({ method, path: template, access, body, file }: Sendable): string {
  return JSON.stringify({ method, path: template, access, ...(body === undefined ? {} : { body: true }), ...(file ? { file } : {}) });
}

/** An endpoint table the contracts export: `endpoints` or an area's `<area>Endpoints`. */
function endpointTable(name: string): Record<string, Sendable> | undefined {
  const value = (contracts as Record<string, unknown>)[name];
  return (name === 'endpoints' || /Endpoints$/.test(name)) && typeof value === 'object' && value !== null ? (value as Record<string, Sendable>) : undefined;
}

export function rewriteImports(
  code: string,
  id: string,
  exportsByName: Map<string, string>,
  endpointAreas: Map<string, { table: string; file: string }>,
  warn: (message: string) => void,
): string | undefined {
  const program = parseSync(id, code, { lang: 'js' }).program as unknown as Node;
  const edits: { start: number; end: number; text: string }[] = [];
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ImportDeclaration' || nameOf(statement.source) !== '@nusa/contracts') continue;
    const specifiers = statement.specifiers as Node[];
    if (specifiers.length === 0 || specifiers.some((s) => s.type !== 'ImportSpecifier')) continue;
    const byFile = new Map<string, string[]>();
    const add = (file: string, binding: string) => byFile.set(file, [...(byFile.get(file) ?? []), binding]);
    for (const specifier of specifiers) {
      const imported = nameOf(specifier.imported)!;
      const local = nameOf(specifier.local)!;
      const table = endpointTable(imported);
      const uses = table && memberUses(program, local, specifier);
      if (table && uses) {
        const rest = uses.filter((use) => {
          const endpoint = use.sent ? table[use.name] : undefined;
          if (endpoint) edits.push({ start: use.member.start, end: use.member.end, text: sentEndpoint(endpoint) });
          return !endpoint;
        });
        if (imported !== 'endpoints') {
          if (rest.length > 0) add(exportsByName.get(imported) ?? '@nusa/contracts', imported === local ? imported : `${imported} as ${local}`);
          continue;
        }
        const areas = rest.map((use) => ({ use, area: endpointAreas.get(use.name) }));
        if (areas.every(({ area }) => area)) {
          for (const { use, area } of areas) edits.push({ start: use.node.start, end: use.node.end, text: `${ENDPOINT_ALIAS}${area!.table}` });
          for (const { table: name, file } of new Map(areas.map(({ area }) => [area!.table, area!])).values()) add(file, `${name} as ${ENDPOINT_ALIAS}${name}`);
          continue;
        }
        // An endpoint of no area table: the whole object stays for the reads that are not sent.
      }
      const file = exportsByName.get(imported);
      if (!file) warn(`${path.basename(id)}: '${imported}' is not a value export of @nusa/contracts' modules; it stays an import from the index`);
      add(file ?? '@nusa/contracts', imported === local ? imported : `${imported} as ${local}`);
    }
    const text = [...byFile].map(([file, bindings]) => `import { ${bindings.join(', ')} } from ${JSON.stringify(file)};`).join(' ');
    edits.push({ start: statement.start, end: statement.end, text });
  }
  if (edits.length === 0) return undefined;
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/**
 * Where `local` (an imported endpoint table) is read as `local.<endpoint>`, and whether that read is the endpoint
 * argument of a sender (SENDERS); undefined when it is used any other way (passed on, indexed, or another binding of
 * the same name), so the whole table must stay.
 */
function memberUses(program: Node, local: string, specifier: Node) {
  const uses: { node: Node; member: Node; name: string; sent: boolean }[] = [];
  let other = false;
  const visit = (node: unknown, ancestors: Node[]) => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, ancestors);
      return;
    }
    if (typeof node !== 'object' || node === null || typeof (node as Node).type !== 'string') return;
    const n = node as Node;
    if (n.type === 'Identifier' && n.name === local && ancestors.at(-1) !== specifier) {
      const [call, parent] = [ancestors.at(-2), ancestors.at(-1)];
      if (parent?.type === 'MemberExpression' && parent.object === n && !parent.computed) {
        const sent =
          call?.type === 'CallExpression' &&
          (call.arguments as Node[])[0] === parent &&
          (call.callee as Node).type === 'Identifier' &&
          SENDERS.has(nameOf(call.callee)!);
        uses.push({ node: n, member: parent, name: nameOf(parent.property)!, sent });
      } else other = true;
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'type' && typeof value === 'object') visit(value, [...ancestors, n]);
  };
  visit(program, []);
  return other ? undefined : uses;
}
