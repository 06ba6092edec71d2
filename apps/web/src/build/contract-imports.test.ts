import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as contracts from '@nusa/contracts';
import { areaOfEndpoints, definingModules, rewriteImports, sentEndpoint } from './contract-imports.ts';

const contractsSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/contracts/src');
const index = path.join(contractsSrc, 'index.ts');
const exportsByName = definingModules(index);
const areas = areaOfEndpoints(exportsByName);
const rel = (file: string) => path.relative(contractsSrc, file);

function rewrite(code: string) {
  const warnings: string[] = [];
  const out = rewriteImports(code, '/x/page.js', exportsByName, areas, (m) => warnings.push(m));
  return { out, warnings };
}

describe('contract imports of the web build', () => {
  it('finds the defining module of every value the contracts export', () => {
    const values = Object.keys(contracts);
    expect(values.filter((name) => !exportsByName.has(name))).toEqual([]);
    expect(rel(exportsByName.get('hasAnyTask')!)).toBe('tasks.ts');
    expect(rel(exportsByName.get('coaEndpoints')!)).toBe('accounting/coa.ts');
    expect(rel(exportsByName.get('endpoints')!)).toBe('all-endpoints.ts');
  });

  it('keeps the index free of definitions, so no import has to go through it', () => {
    expect([...exportsByName.values()].filter((file) => file === index)).toEqual([]);
  });

  it('knows the area table of every endpoint, the very object `endpoints` holds', () => {
    expect(Object.keys(contracts.endpoints).filter((name) => !areas.has(name))).toEqual([]);
    expect(areas.get('login')).toEqual({ table: 'authEndpoints', file: path.join(contractsSrc, 'auth/endpoints.ts') });
  });

  it('imports each name from its module and reads endpoints from their area tables', () => {
    const { out, warnings } = rewrite(
      "import { endpoints, hasAnyTask as can, HOME_ROUTE } from '@nusa/contracts';\nuse(endpoints.login); use(endpoints.me); can(HOME_ROUTE, endpoints.listCoaGroups);\n",
    );
    expect(warnings).toEqual([]);
    expect(out).not.toContain('@nusa/contracts');
    expect(out).toContain(`import { authEndpoints as __nusaEndpoints_authEndpoints } from ${JSON.stringify(path.join(contractsSrc, 'auth/endpoints.ts'))}`);
    expect(out).toContain(`import { hasAnyTask as can } from ${JSON.stringify(path.join(contractsSrc, 'tasks.ts'))}`);
    expect(out).toContain(`import { HOME_ROUTE } from ${JSON.stringify(path.join(contractsSrc, 'routes.ts'))}`);
    expect(out).toContain('use(__nusaEndpoints_authEndpoints.login); use(__nusaEndpoints_authEndpoints.me);');
    expect(out).toContain(`can(HOME_ROUTE, __nusaEndpoints_${areas.get('listCoaGroups')!.table}.listCoaGroups)`);
  });

  it('sends an endpoint as a literal of what call.ts reads, without its schemas', () => {
    const { out } = rewrite(
      "import { endpoints, authEndpoints } from '@nusa/contracts';\ncall(endpoints.login, { body }); callFile(endpoints.getLogo); send(authEndpoints.anonymous); use(authEndpoints.me);\n",
    );
    const login = JSON.parse(out!.slice(out!.indexOf('call(') + 5, out!.indexOf(', { body })'))) as Record<string, unknown>;
    expect(login).toEqual({ method: 'POST', path: contracts.endpoints.login.path, access: contracts.endpoints.login.access, body: true });
    expect(out).toContain(`callFile(${sentEndpoint(contracts.endpoints.getLogo)})`);
    expect(contracts.endpoints.getLogo.file).toBeDefined();
    expect(out).toContain(`send(${sentEndpoint(contracts.authEndpoints.anonymous)})`);
    // Only the table read other than by a sender is imported.
    expect(out).toContain(`import { authEndpoints } from ${JSON.stringify(path.join(contractsSrc, 'auth/endpoints.ts'))}`);
    expect(out).toContain('use(authEndpoints.me)');
    expect(out).not.toContain('all-endpoints');
  });

  it('keeps the whole endpoints object where it is used other than as endpoints.<name>', () => {
    const { out } = rewrite("import { endpoints } from '@nusa/contracts';\nconsole.log(Object.keys(endpoints), endpoints.login);\n");
    expect(out).toContain(`import { endpoints } from ${JSON.stringify(path.join(contractsSrc, 'all-endpoints.ts'))}`);
    expect(out).toContain('Object.keys(endpoints), endpoints.login');
    const shadowed = rewrite("import { endpoints } from '@nusa/contracts';\nfunction f(endpoints) { return endpoints.login; }\nf(endpoints);\n");
    expect(shadowed.out).not.toContain('__nusaEndpoints_');
  });

  it('leaves other modules and namespace imports alone, and warns about a name it cannot place', () => {
    expect(rewrite("import React from 'react';\n").out).toBeUndefined();
    expect(rewrite("import * as c from '@nusa/contracts';\nc.hasAnyTask;\n").out).toBeUndefined();
    const { out, warnings } = rewrite("import { noSuchName } from '@nusa/contracts';\n");
    expect(out).toContain(`import { noSuchName } from "@nusa/contracts"`);
    expect(warnings).toHaveLength(1);
  });

  it('is the build plugin the web app uses', () => {
    const config = fs.readFileSync(path.resolve(contractsSrc, '../../../apps/web/vite.config.ts'), 'utf8');
    expect(config).toMatch(/plugins: \[[^\]]*contractImports\(\)/);
  });
});
