import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { assertDatasetRows, assertMayAddDataset, datasetRowCap, limitSettings, uploadLimit, type Limits } from './limits.ts';

const limits: Limits = { datasetRows: 100, tenantDatasets: 3, tenantRows: 250, importRows: 10, importBytes: 2 * 1024 * 1024 };
const code = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (err) {
    return { code: (err as { code: string }).code, args: (err as { args: unknown[] }).args };
  }
};

describe('limits (issue 23)', () => {
  it('reads the standard and the stricter trial limits from the configuration, with defaults', () => {
    const settings = limitSettings(loadConfig({ LIMIT_TRIAL_DATASET_ROWS: '7', LIMIT_IMPORT_ROWS: '9' }));
    expect(settings.trial).toEqual({ datasetRows: 7, tenantDatasets: 10, tenantRows: 100_000, importRows: 5_000, importBytes: 10 * 1024 * 1024 });
    expect(settings.standard).toMatchObject({ datasetRows: 2_000_000, importRows: 9 });
    expect(() => loadConfig({ LIMIT_TENANT_ROWS: '0' })).toThrow(/LIMIT_TENANT_ROWS: must be at least 1/);
  });

  it("caps a dataset at its own limit, or at the tenant's room left when that is smaller", () => {
    expect(datasetRowCap(limits, 0).max).toBe(100);
    expect(datasetRowCap(limits, 200).max).toBe(50);
    expect(datasetRowCap(limits, 300).max).toBe(0);
    expect(code(() => assertDatasetRows(limits, 101))).toEqual({ code: 'dataset_row_limit_reached', args: [100] });
    expect(code(() => assertDatasetRows(limits, 51, 200))).toEqual({ code: 'tenant_storage_limit_reached', args: [250] });
    expect(code(() => assertDatasetRows(limits, 50, 200))).toBeNull();
  });

  it('refuses a dataset past the count, and an upload past the smaller of the endpoint and tenant byte limits', () => {
    expect(code(() => assertMayAddDataset(limits, 2))).toBeNull();
    expect(code(() => assertMayAddDataset(limits, 3))).toEqual({ code: 'tenant_dataset_limit_reached', args: [3] });
    expect(uploadLimit(limits, 1024).max).toBe(1024);
    expect(uploadLimit(limits, 50 * 1024 * 1024).max).toBe(2 * 1024 * 1024);
    expect(uploadLimit(limits, 50 * 1024 * 1024).refusal()).toMatchObject({ code: 'import_bytes_limit_reached', args: [2] });
    expect(uploadLimit(limits, 1024).refusal()).toMatchObject({ code: 'payload_too_large', args: [] });
  });
});
