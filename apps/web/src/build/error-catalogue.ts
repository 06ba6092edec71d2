import path from 'node:path';
import { parseSync, type Plugin } from 'vite';
// Relative import: the Vite config bundles this file, while Node alone could not load the workspace package's TS.
import { errorTexts } from '../../../../packages/contracts/src/errors.ts';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** The web modules holding one language's error texts (spec 8), each in that language's chunk of texts. */
export const ERROR_TEXT_MODULES = { id: 'src/i18n/error-texts-id.ts', en: 'src/i18n/error-texts-en.ts' } as const;

/**
 * The contracts' error catalogue holds each code's status and its texts in both languages (about 9 KiB brotli), and
 * the first load needs it for `isErrorCode`. In the web build the catalogue keeps its codes and statuses only (each
 * entry's texts become empty strings), and the two modules of ERROR_TEXT_MODULES become the texts of their language,
 * computed here from the catalogue: so the app's first chunks carry no text of the catalogue, and the texts chunk of
 * the language shown carries that language's only. The dev server and the tests read the catalogue as it is.
 */
export function errorCatalogue(): Plugin {
  let catalogue = '';
  let textModules = new Map<string, 'id' | 'en'>();
  return {
    name: 'nusa-error-catalogue',
    apply: 'build',
    configResolved(config) {
      catalogue = path.resolve(config.root, '../../packages/contracts/src/errors.ts');
      textModules = new Map(Object.entries(ERROR_TEXT_MODULES).map(([lang, file]) => [path.resolve(config.root, file), lang as 'id' | 'en']));
    },
    load(id) {
      const lang = textModules.get(id);
      return lang ? `export default ${JSON.stringify(errorTexts(lang))};` : undefined;
    },
    transform(code, id) {
      return id === catalogue ? { code: withoutTexts(code, id), map: null } : undefined;
    },
  };
}

/** The catalogue's source with the texts of every entry, `e(status, id, en)`, emptied. */
export function withoutTexts(code: string, id = 'errors.ts'): string {
  const program = parseSync(id, code, { lang: 'ts' }).program as unknown as Node;
  const edits: { start: number; end: number }[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null || typeof (node as Node).type !== 'string') return;
    const n = node as Node;
    const args = n.arguments as Node[] | undefined;
    if (n.type === 'CallExpression' && (n.callee as Node).type === 'Identifier' && (n.callee as { name: string }).name === 'e' && args?.length === 3) {
      edits.push({ start: args[1].start, end: args[2].end });
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'type' && typeof value === 'object') visit(value);
  };
  visit(program);
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + "'', ''" + out.slice(edit.end);
  return out;
}
