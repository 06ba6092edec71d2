import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CASH_PAYMENT_METHODS,
  LEDGER_DOCUMENT_TASKS,
  cashTransactionEndpoints,
  type CashDirection,
  type CashPaymentMethod,
  type CashTransaction,
  type CashTransactionInput,
} from '@nusa/contracts';
import { call, callFile } from '../../../api/call.ts';
import { useFormat } from '../../../app/use-format.ts';
import { totalsOf, type GridLine } from '../documents/line-grid.ts';
import { lineColumns as c } from '../documents/line-columns.tsx';
import type { DocumentTypeUi } from '../documents/type-ui.ts';
import { cashGridOf, cashLinesBody, cashProblem } from './cash-lines.ts';
import { CashBankPicker } from './CashBankPicker.tsx';

/** The cash bank, how the money moved and the payment's reference. */
function CashFields({ doc }: { doc?: CashTransaction }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="cashBankId"
        label={t('journals.cashBank')}
        extra={t('journals.cashBankHint')}
        rules={[{ required: true, message: t('validation.required', { label: t('journals.cashBank') }) }]}
      >
        <CashBankPicker knownLabel={doc?.cashBankCode ? `${doc.cashBankCode} - ${doc.cashBankName}` : undefined} />
      </Form.Item>
      <Form.Item name="paymentMethod" label={t('journals.paymentMethod')} rules={[{ required: true }]}>
        <Select options={CASH_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`journals.paymentMethods.${m}`) }))} />
      </Form.Item>
      <Form.Item name="paymentReference" label={t('journals.paymentReference')}>
        <Input maxLength={60} autoComplete="off" />
      </Form.Item>
    </>
  );
}

function CashTotal({ lines, currencyCode }: { lines: readonly GridLine[]; currencyCode: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const total = totalsOf(lines.map((l) => ({ debit: l.debit, credit: '' }))).debit;
  return (
    <span>
      {t('journals.total')}: <strong>{f.money(total, currencyCode)}</strong>
    </span>
  );
}

/** Cash in (CI) and cash out (CO) on the web: a cash bank and payment in the header, lines of account, partner and amount. */
function cashUi(direction: CashDirection): DocumentTypeUi<CashTransaction, CashTransactionInput> {
  const ep = cashTransactionEndpoints[direction];
  return {
    code: direction,
    title: direction === 'CI' ? 'page.cashIn' : 'page.cashOut',
    api: {
      list: (query, signal) => call(ep.list, { query, signal }),
      exportFile: ({ page: _p, limit: _l, ...query }) => callFile(ep.export, { query }),
      get: (documentId, signal) => call(ep.get, { params: { documentId }, signal }),
      pdf: (documentId, lang) => callFile(ep.pdf, { params: { documentId }, query: { lang } }),
      save: (documentId, body) => (documentId ? call(ep.update, { params: { documentId }, body }) : call(ep.create, { body })),
      remove: (documentId) => call(ep.delete, { params: { documentId } }),
    },
    editTasks: LEDGER_DOCUMENT_TASKS[direction].edit,
    HeaderFields: CashFields,
    headerValues: (doc) =>
      doc
        ? { cashBankId: doc.cashBankId, paymentMethod: doc.paymentMethod, paymentReference: doc.paymentReference ?? '' }
        : { cashBankId: null, paymentMethod: 'TRANSFER' satisfies CashPaymentMethod },
    columns: [c.account, c.partner, c.memo, c.amount],
    gridOf: (doc) => cashGridOf(doc.lines),
    problem: cashProblem,
    Totals: CashTotal,
    body: (header, own, lines) => ({
      ...header,
      currencyId: null,
      cashBankId: own.cashBankId as string,
      paymentMethod: own.paymentMethod as CashPaymentMethod,
      paymentReference: (own.paymentReference as string | undefined)?.trim() || null,
      lines: cashLinesBody(lines),
    }),
  };
}

export const cashInUi = cashUi('CI');
export const cashOutUi = cashUi('CO');
