import { LEDGER_DOCUMENT_TASKS, LEDGER_DOCUMENT_TYPES, journalInput, journalLineInput } from '@nusa/contracts';
import { printColumns as c, type DocumentTypeDefinition } from '../documents/index.ts';
import { ledgerLinesOf } from '../ledger/service.ts';
import { checkJournal } from './checks.ts';
import { journalRoutes } from './routes.ts';

/** Journal entry (JV): its lines are the ledger entry; releasing posts them (the journal's OU is the default of lines without one). */
export const journalType: DocumentTypeDefinition<typeof journalInput> = {
  code: 'JV',
  documentTypeId: LEDGER_DOCUMENT_TYPES.find((t) => t.code === 'JV')!.id,
  tasks: LEDGER_DOCUMENT_TASKS.JV,
  schemas: { input: journalInput, line: journalLineInput },
  check: checkJournal,
  postingLines: async (_tx, document, lines) => ledgerLinesOf(lines, { ouId: document.ouId }),
  print: { title: { id: 'JURNAL UMUM', en: 'JOURNAL ENTRY' }, columns: [c.no, c.account, c.memo, c.ou, c.debit, c.credit] },
  sheet: { fileName: 'journals', name: { id: 'Jurnal Umum', en: 'Journal Entries' } },
  routes: (app) => journalRoutes(app, journalType),
};
