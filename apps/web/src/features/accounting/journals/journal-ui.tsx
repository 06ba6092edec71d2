import { Form, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LEDGER_DOCUMENT_TASKS, endpoints, type DocumentDetail, type JournalInput } from '@nusa/contracts';
import { call, callFile } from '../../../api/call.ts';
import { useFormat } from '../../../app/use-format.ts';
import { totalsOf, type GridLine } from '../documents/line-grid.ts';
import { lineColumns as c } from '../documents/line-columns.tsx';
import type { DocumentTypeUi } from '../documents/type-ui.ts';
import { CurrencyPicker } from '../pickers/CurrencyPicker.tsx';
import { journalGridOf, journalLinesBody, journalProblem } from './journal-lines.ts';

function CurrencyField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="currencyId" label={t('journals.currency')} extra={t('journals.currencyHint')}>
      <CurrencyPicker placeholder={t('journals.bookCurrency')} />
    </Form.Item>
  );
}

/** Debit, credit and whether they balance. */
function JournalTotals({ lines, currencyCode }: { lines: readonly GridLine[]; currencyCode: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const totals = totalsOf(lines);
  return (
    <>
      <span>
        {t('journals.debit')}: <strong data-testid="total-debit">{f.money(totals.debit, currencyCode)}</strong>
      </span>
      <span>
        {t('journals.credit')}: <strong data-testid="total-credit">{f.money(totals.credit, currencyCode)}</strong>
      </span>
      <span data-testid="difference">
        {t('journals.difference')}:{' '}
        {totals.balanced ? <Tag color="green">{t('journals.balanced')}</Tag> : <Tag color="red">{f.money(totals.difference, currencyCode)}</Tag>}
      </span>
    </>
  );
}

/** Journal entry (JV) on the web: a currency, lines with debit or credit per OU, save and submit in one request. */
export const journalUi: DocumentTypeUi<DocumentDetail, JournalInput> = {
  code: 'JV',
  title: 'page.journal',
  api: {
    list: (query, signal) => call(endpoints.listJournals, { query, signal }),
    exportFile: ({ page: _p, limit: _l, ...query }) => callFile(endpoints.exportJournals, { query }),
    get: (documentId, signal) => call(endpoints.getJournal, { params: { documentId }, signal }),
    pdf: (documentId, lang) => callFile(endpoints.journalPdf, { params: { documentId }, query: { lang } }),
    save: (documentId, body) => (documentId ? call(endpoints.updateJournal, { params: { documentId }, body }) : call(endpoints.createJournal, { body })),
    saveAndSubmit: (body) => call(endpoints.createAndSubmitJournal, { body }),
    remove: (documentId) => call(endpoints.deleteJournal, { params: { documentId } }),
  },
  editTasks: LEDGER_DOCUMENT_TASKS.JV.edit,
  HeaderFields: CurrencyField,
  headerValues: (doc) => ({ currencyId: doc ? doc.currencyId : null }),
  columns: [c.account, c.ou, c.memo, c.debit, c.credit],
  gridOf: (doc) => journalGridOf(doc.lines),
  problem: journalProblem,
  Totals: JournalTotals,
  body: (header, own, lines) => ({ ...header, currencyId: (own.currencyId as string | null | undefined) ?? null, lines: journalLinesBody(lines) }),
};
