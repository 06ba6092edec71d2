import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { endpoints } from '@nusa/contracts';
import { areaOf, invalidateArea, queryKeyOf, resourceKeyOf } from './query-keys.ts';

describe('query keys from the contracts', () => {
  it('start with the area and the resource the endpoint path names', () => {
    expect(areaOf(endpoints.listJournals)).toBe('erp');
    expect(areaOf(endpoints.listUsers)).toBe('config');
    expect(resourceKeyOf(endpoints.getJournal)).toEqual(['erp', 'journals']);
    expect(queryKeyOf(endpoints.getJournal, { documentId: 'x' })).toEqual(['erp', 'journals', 'GET /v1/erp/journals/{documentId}', { documentId: 'x' }]);
    expect(() => areaOf({ path: '/v1' })).toThrow();
  });

  it("refresh an area's reads, the pickers among them, and no other area's", async () => {
    const client = new QueryClient();
    const read = (key: readonly unknown[]) => client.fetchQuery({ queryKey: key, queryFn: () => 1, staleTime: Infinity });
    const journal = queryKeyOf(endpoints.getJournal, { documentId: 'x' });
    const picker = [...resourceKeyOf(endpoints.listCashBanks), 'lazy-select', ''];
    const users = queryKeyOf(endpoints.listUsers, {});
    await Promise.all([read(journal), read(picker), read(users)]);
    await invalidateArea(client, areaOf(endpoints.createAndSubmitJournal));
    expect(client.getQueryState(journal)?.isInvalidated).toBe(true);
    expect(client.getQueryState(picker)?.isInvalidated).toBe(true);
    expect(client.getQueryState(users)?.isInvalidated).toBe(false);
  });
});
