import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, DatePicker, Form, Input, Select, Skeleton, Space, Tag, Tooltip } from 'antd';
import { DeleteOutlined, FilePdfOutlined, PlusOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CASH_PAYMENT_METHODS, endpoints, todayInJakarta, type CashPaymentMethod } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { LazySelect } from '../../../app/components/LazySelect.tsx';
import { reportError, toast } from '../../../app/feedback.tsx';
import { useHeldTasks } from '../../../app/session.ts';
import { useLanguage } from '../../../i18n/index.ts';
import { DocumentActions, DocumentHistory, DocumentStatusTag } from '../documents/index.ts';
import { CoaPicker } from '../pickers/CoaPicker.tsx';
import { CurrencyPicker } from '../pickers/CurrencyPicker.tsx';
import { OrgUnitPicker } from '../../../app/components/pickers/OrgUnitPicker.tsx';
import { documentApi, openPdf, type AnyDocument, type DocumentKind } from './document-api.ts';
import { cashLinesBody, emptyLine, gridOf, gridProblem, journalLinesBody, totalsOf, type GridLine } from './journal-lines.ts';
import { PartnerPicker } from './PartnerPicker.tsx';
import { useFormat } from '../../../app/use-format.ts';
import { ERP, invalidateArea } from '../../../api/query-keys.ts';

interface Props {
  kind: DocumentKind;
  documentId?: string;
  onSaved: (documentId: string) => void;
  onClosed: () => void;
}

/** A document in the drawer: loads it (when it exists), then the form; a document that is no longer a draft is read-only. */
export function DocumentEditor({ kind, documentId, onSaved, onClosed }: Props) {
  const doc = useQuery({
    queryKey: [ERP, 'documents', kind, 'one', documentId],
    queryFn: ({ signal }) => documentApi[kind].get(documentId!, signal),
    enabled: !!documentId,
  });
  if (documentId && !doc.data) return <Skeleton active />;
  return (
    <EditorBody key={doc.data ? `${doc.data.documentId}:${doc.data.updatedAt}` : 'new'} kind={kind} doc={doc.data} onSaved={onSaved} onClosed={onClosed} />
  );
}

interface HeaderValues {
  number: string;
  documentDate: Dayjs;
  dueDate: Dayjs | null;
  reference: string;
  externalNumber: string;
  externalDate: Dayjs | null;
  remarks: string;
  currencyId: string | null;
  ouId: string | null;
  partnerId: string | null;
  cashBankId: string | null;
  paymentMethod: CashPaymentMethod;
  paymentReference: string;
}

const day = (v: string | null | undefined) => (v ? dayjs(v) : null);
const iso = (v: Dayjs | null | undefined) => (v ? v.format('YYYY-MM-DD') : null);

function EditorBody({ kind, doc, onSaved, onClosed }: { kind: DocumentKind; doc?: AnyDocument; onSaved: (id: string) => void; onClosed: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const lang = useLanguage();
  const tasks = useHeldTasks();
  const queryClient = useQueryClient();
  const api = documentApi[kind];
  const cash = kind !== 'JV';
  const gridKind = cash ? 'cash' : 'journal';
  const editable = api.mayCreate(tasks) && (!doc || doc.actions.includes('edit'));
  const [form] = Form.useForm<HeaderValues>();
  const [lines, setLines] = useState<GridLine[]>(() => (doc ? gridOf(doc.lines, gridKind) : [emptyLine(), emptyLine()]));
  const gridRef = useRef<HTMLDivElement>(null);
  const focusAfterAdd = useRef(false);

  useLayoutEffect(() => {
    if (!focusAfterAdd.current) return;
    focusAfterAdd.current = false;
    const cells = gridRef.current?.querySelectorAll<HTMLElement>('[data-grid-row]:last-of-type [data-grid-cell] input');
    cells?.[0]?.focus();
  }, [lines.length]);

  const totals = totalsOf(cash ? lines.map((l) => ({ debit: l.debit, credit: '' })) : lines);
  const problem = gridProblem(lines, gridKind);
  const currencyCode = doc?.currencyCode ?? 'IDR';

  const save = useMutation({
    /** `submit`: save and submit in one request (a new journal only). */
    mutationFn: async (submit: boolean) => {
      const v = await form.validateFields();
      const header = {
        number: v.number?.trim() ?? '',
        documentDate: iso(v.documentDate)!,
        dueDate: iso(v.dueDate),
        reference: v.reference?.trim() || null,
        externalNumber: v.externalNumber?.trim() || null,
        externalDate: iso(v.externalDate),
        remarks: v.remarks?.trim() || null,
        currencyId: cash ? null : v.currencyId,
        ouId: v.ouId,
        partnerId: v.partnerId,
      };
      const body = cash
        ? {
            ...header,
            cashBankId: v.cashBankId!,
            paymentMethod: v.paymentMethod,
            paymentReference: v.paymentReference?.trim() || null,
            lines: cashLinesBody(lines),
          }
        : { ...header, lines: journalLinesBody(lines) };
      if (submit && !cash && api.saveAndSubmit) return api.saveAndSubmit({ ...header, lines: journalLinesBody(lines) });
      return api.save(doc?.documentId, body);
    },
    onSuccess: (saved, submit) => {
      toast.success(t(submit ? 'journals.savedSubmitted' : doc ? 'journals.saved' : 'journals.created', { number: saved.number }));
      // A submitted journal may be released (reports) or waiting in an approver's inbox.
      void (submit ? invalidateArea(queryClient, ERP) : queryClient.invalidateQueries({ queryKey: [ERP, 'documents', kind] }));
      onSaved(saved.documentId);
    },
    onError: (err) => {
      if (err && typeof err === 'object' && 'errorFields' in err) return;
      reportError(err);
    },
  });

  const setLine = (key: string, change: Partial<GridLine>) => setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const addLine = () => {
    focusAfterAdd.current = true;
    setLines((all) => [...all, emptyLine()]);
  };

  /** Enter moves to the next cell like Tab; from the last cell it adds a line (spreadsheet habit). Dropdowns keep their Enter. */
  const onGridKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || !editable) return;
    const target = e.target as HTMLElement;
    if (target.closest('.ant-select')) return;
    const cells = [...(gridRef.current?.querySelectorAll<HTMLElement>('[data-grid-cell] input') ?? [])].filter((c) => !c.closest('.ant-select'));
    const at = cells.indexOf(target);
    if (at < 0) return;
    e.preventDefault();
    if (at === cells.length - 1) addLine();
    else cells[at + 1]!.focus();
  };

  const initial: Partial<HeaderValues> = doc
    ? {
        number: doc.number,
        documentDate: dayjs(doc.documentDate),
        dueDate: day(doc.dueDate),
        reference: doc.reference ?? '',
        externalNumber: doc.externalNumber ?? '',
        externalDate: day(doc.externalDate),
        remarks: doc.remarks ?? '',
        currencyId: doc.currencyId,
        ouId: doc.ouId,
        partnerId: doc.partnerId,
        cashBankId: doc.cashBankId,
        paymentMethod: doc.paymentMethod ?? 'CASH',
        paymentReference: doc.paymentReference ?? '',
      }
    : {
        number: '',
        documentDate: dayjs(todayInJakarta()),
        currencyId: null,
        ouId: null,
        partnerId: null,
        cashBankId: null,
        paymentMethod: cash ? 'TRANSFER' : 'CASH',
      };

  return (
    <div className="journals-editor">
      {doc && (
        <div className="journals-editor__status">
          <Space wrap>
            <strong>{doc.number}</strong>
            <DocumentStatusTag label={doc.label} />
            <span className="muted-text">{f.money(doc.totalAmount, doc.currencyCode)}</span>
          </Space>
          <Space wrap>
            <Button icon={<FilePdfOutlined />} onClick={() => void openPdf(kind, doc.documentId, lang).catch(reportError)}>
              {t('journals.print')}
            </Button>
            <DocumentActions document={doc} onDelete={() => api.remove(doc.documentId).then(onClosed)} onDone={(d) => onSaved(d.documentId)} />
          </Space>
        </div>
      )}
      <Form<HeaderValues> form={form} layout="vertical" initialValues={initial} disabled={!editable} className="journals-editor__header" requiredMark>
        <div className="journals-form-grid">
          <Form.Item
            name="number"
            label={t('journals.number')}
            extra={doc ? undefined : t('journals.numberHint')}
            rules={[{ pattern: /^\S*$/, message: t('journals.numberPattern') }]}
          >
            <Input maxLength={40} autoComplete="off" placeholder={t('journals.numberPlaceholder')} />
          </Form.Item>
          <Form.Item
            name="documentDate"
            label={t('journals.date')}
            rules={[{ required: true, message: t('validation.required', { label: t('journals.date') }) }]}
          >
            <DatePicker format="DD/MM/YYYY" allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="dueDate" label={t('journals.dueDate')}>
            <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="reference" label={t('journals.reference')}>
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
          <Form.Item name="externalNumber" label={t('journals.externalNumber')}>
            <Input maxLength={60} autoComplete="off" />
          </Form.Item>
          <Form.Item name="externalDate" label={t('journals.externalDate')}>
            <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
          </Form.Item>
          {cash ? (
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
          ) : (
            <Form.Item name="currencyId" label={t('journals.currency')} extra={t('journals.currencyHint')}>
              <CurrencyPicker placeholder={t('journals.bookCurrency')} />
            </Form.Item>
          )}
          <Form.Item name="ouId" label={t('journals.ou')}>
            <OrgUnitPicker placeholder={t('journals.noOu')} />
          </Form.Item>
          <Form.Item name="partnerId" label={t('journals.partner')}>
            <PartnerPicker placeholder={t('journals.noPartner')} />
          </Form.Item>
        </div>
        <Form.Item name="remarks" label={t('journals.remarks')}>
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>

      <div className="journals-grid" ref={gridRef} onKeyDown={onGridKey} role="group" aria-label={t('journals.lines')}>
        <div className={`journals-grid__row journals-grid__row--head ${cash ? 'is-cash' : ''}`}>
          <span>#</span>
          <span>{t('journals.account')}</span>
          <span>{cash ? t('journals.partner') : t('journals.ou')}</span>
          <span>{t('journals.memo')}</span>
          {cash ? (
            <span className="num">{t('journals.amount')}</span>
          ) : (
            <>
              <span className="num">{t('journals.debit')}</span>
              <span className="num">{t('journals.credit')}</span>
            </>
          )}
          <span />
        </div>
        {lines.map((l, i) => (
          <div key={l.key} className={`journals-grid__row ${cash ? 'is-cash' : ''}`} data-grid-row>
            <span className="journals-grid__no">{i + 1}</span>
            <span data-grid-cell>
              <CoaPicker
                value={l.coaId}
                onChange={(coaId) => setLine(l.key, { coaId })}
                disabled={!editable}
                aria-label={`${t('journals.account')} ${i + 1}`}
                placeholder={t('journals.account')}
              />
            </span>
            <span data-grid-cell>
              {cash ? (
                <PartnerPicker
                  value={l.partnerId}
                  onChange={(partnerId) => setLine(l.key, { partnerId })}
                  disabled={!editable}
                  aria-label={`${t('journals.partner')} ${i + 1}`}
                />
              ) : (
                <OrgUnitPicker value={l.ouId} onChange={(ouId) => setLine(l.key, { ouId })} disabled={!editable} aria-label={`${t('journals.ou')} ${i + 1}`} />
              )}
            </span>
            <span data-grid-cell>
              <Input
                value={l.memo}
                maxLength={200}
                disabled={!editable}
                aria-label={`${t('journals.memo')} ${i + 1}`}
                onChange={(e) => setLine(l.key, { memo: e.target.value })}
              />
            </span>
            <span data-grid-cell>
              <AmountInput
                value={l.debit}
                disabled={!editable}
                label={`${t(cash ? 'journals.amount' : 'journals.debit')} ${i + 1}`}
                onChange={(debit) => setLine(l.key, cash ? { debit } : { debit, credit: debit ? '' : l.credit })}
              />
            </span>
            {!cash && (
              <span data-grid-cell>
                <AmountInput
                  value={l.credit}
                  disabled={!editable}
                  label={`${t('journals.credit')} ${i + 1}`}
                  onChange={(credit) => setLine(l.key, { credit, debit: credit ? '' : l.debit })}
                />
              </span>
            )}
            <span>
              {editable && lines.length > 1 && (
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('journals.removeLine')} ${i + 1}`}
                  title={t('journals.removeLine')}
                  onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}
                />
              )}
            </span>
          </div>
        ))}
        {editable && (
          <Button type="dashed" icon={<PlusOutlined />} onClick={addLine} className="journals-grid__add">
            {t('journals.addLine')}
          </Button>
        )}
        <div className="journals-totals" aria-live="polite">
          {cash ? (
            <span>
              {t('journals.total')}: <strong>{f.money(totals.debit, currencyCode)}</strong>
            </span>
          ) : (
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
          )}
        </div>
      </div>

      {editable && (
        <div className="journals-editor__footer">
          {problem && (
            <Alert type={problem === 'unbalanced' ? 'error' : 'info'} showIcon title={t(`journals.problem.${problem}`)} className="journals-editor__problem" />
          )}
          <Tooltip title={problem ? t(`journals.problem.${problem}`) : undefined}>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              disabled={!!problem || (save.isPending && save.variables)}
              loading={save.isPending && !save.variables}
              onClick={() => save.mutate(false)}
            >
              {t(doc ? 'journals.save' : 'journals.saveDraft')}
            </Button>
          </Tooltip>
          {!doc && api.saveAndSubmit && (
            <Tooltip title={problem ? t(`journals.problem.${problem}`) : undefined}>
              <Button
                icon={<SendOutlined />}
                disabled={!!problem || (save.isPending && !save.variables)}
                loading={save.isPending && save.variables}
                onClick={() => save.mutate(true)}
              >
                {t('journals.saveSubmit')}
              </Button>
            </Tooltip>
          )}
        </div>
      )}
      {doc && (
        <section className="journals-editor__history">
          <h3>{t('journals.history')}</h3>
          <DocumentHistory documentId={doc.documentId} />
        </section>
      )}
    </div>
  );
}

/** An amount typed with a point or a comma for decimals (id-ID habit), kept as a decimal string. */
function AmountInput({ value, onChange, disabled, label }: { value: string; onChange: (v: string) => void; disabled: boolean; label: string }) {
  const valid = value === '' || /^\d{1,16}([.,]\d{1,4})?$/.test(value.trim());
  return (
    <Input
      value={value}
      inputMode="decimal"
      disabled={disabled}
      aria-label={label}
      status={valid ? undefined : 'error'}
      className="num"
      onChange={(e) => onChange(e.target.value.replace(',', '.').replace(/[^\d.]/g, ''))}
    />
  );
}

function CashBankPicker({
  value,
  onChange,
  knownLabel,
  ...rest
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  knownLabel?: string;
  id?: string;
  disabled?: boolean;
}) {
  return (
    <LazySelect<string | undefined>
      cacheKey={['erp', 'cash-banks', 'active']}
      fetchPage={async (keyword, limit, signal) => {
        const { items } = await call(endpoints.listCashBanks, { query: { page: 1, limit, keyword: keyword || undefined, active: 'Y' }, signal });
        return items.map((c) => ({ value: c.cashBankId, label: `${c.cashBankCode} - ${c.cashBankName} (${c.currencyCode})` }));
      }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      knownLabels={value && knownLabel ? { [value]: knownLabel } : undefined}
      {...rest}
    />
  );
}
