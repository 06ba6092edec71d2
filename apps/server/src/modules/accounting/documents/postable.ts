import type { CoaAccount } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { coaByIdsWithSubAccounts } from '../coa/service.ts';

/**
 * Postings go to detail accounts in the ledger's sense: active accounts without sub accounts (a main account with
 * sub accounts only sums them). The COA's "detail" flag of spec 5 marks a group's one default account for automatic
 * postings, not the accounts a document's lines may use, so it is not the test here. Unknown ids are coa_not_found.
 */
export async function assertPostableAccounts(tx: Tx, coaIds: string[]): Promise<Map<string, CoaAccount>> {
  const { coas, withSubAccounts: summaries } = await coaByIdsWithSubAccounts(tx, coaIds);
  for (const id of new Set(coaIds)) {
    const coa = coas.get(id);
    if (!coa) throw new AppError('coa_not_found', [id]);
    if (summaries.has(id) || coa.active !== 'Y') throw new AppError('document_coa_not_postable', [coa.coaCode]);
  }
  return coas;
}
