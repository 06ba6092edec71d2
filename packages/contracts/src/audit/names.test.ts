import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_MODULES,
  LEGACY_AUDIT_MODULES,
  auditActionLabel,
  auditModuleLabel,
  auditModuleOf,
  auditModulesMatching,
  isAuditModule,
} from './names.ts';

const AREAS = ['auth', 'configuration', 'administration', 'public', 'accounting', 'analysis', 'service'];

describe('the audit catalogue', () => {
  it('names every module <area>.<module> with a spec area, and labels modules and actions in both languages', () => {
    for (const name of Object.keys(AUDIT_MODULES)) expect(AREAS, name).toContain(name.split('.')[0]);
    for (const [name, label] of [...Object.entries(AUDIT_MODULES), ...Object.entries(AUDIT_ACTIONS)]) {
      expect(label.id.trim(), name).not.toBe('');
      expect(label.en.trim(), name).not.toBe('');
    }
    // Two modules with one label could not be told apart on the user-audit screen or in its export.
    for (const lang of ['id', 'en'] as const) {
      const labels = Object.values(AUDIT_MODULES).map((l) => l[lang]);
      expect(new Set(labels).size, lang).toBe(labels.length);
    }
  });

  it('maps every legacy name to a module of the catalogue, and no legacy name is a current one', () => {
    for (const [old, current] of Object.entries(LEGACY_AUDIT_MODULES)) {
      expect(isAuditModule(current), old).toBe(true);
      expect(isAuditModule(old), old).toBe(false);
      expect(auditModuleOf(old)).toBe(current);
    }
  });

  it('labels stored names: current and legacy ones alike, anything else as stored', () => {
    expect(auditModuleLabel('auth.login', 'id')).toBe('Kata sandi');
    expect(auditModuleLabel('login', 'en')).toBe('Password');
    expect(auditModuleLabel('session-key', 'id')).toBe('Sesi dan kunci');
    expect(auditModuleLabel('erp.warehouse', 'en')).toBe('Warehouses');
    expect(auditModuleLabel('something-else', 'id')).toBe('something-else');
    expect(auditModuleOf('something-else')).toBeUndefined();
    expect(auditModuleOf('toString')).toBeUndefined();
    expect(auditActionLabel('deactivate', 'id')).toBe('Nonaktifkan');
    expect(auditActionLabel('constructor', 'en')).toBe('constructor');
  });

  it('finds the stored names of a keyword by today’s name or either label, ignoring case', () => {
    expect(auditModulesMatching('gudang').sort()).toEqual(['accounting.warehouse', 'erp.warehouse']);
    expect(auditModulesMatching('SESSION AND KEY').sort()).toEqual(['auth.session-key', 'session-key']);
    expect(auditModulesMatching('accounting.coa')).toEqual(['accounting.coa', 'erp.coa']);
    expect(auditModulesMatching('zzz')).toEqual([]);
  });
});
