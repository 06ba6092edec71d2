import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Checkbox, Col, Empty, Form, Input, List, Row, Skeleton, Space, Tag } from 'antd';
import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALL_DOCUMENT_TYPES, DOCUMENT_TYPES, POLICY_KINDS, actionLevel, endpoints, type OrgUnit, type OuPolicy, type PolicyKind } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { useSession } from '../../../app/session.ts';
import { OU_TYPE_COLORS, useOrgUnits } from '../business-unit/org-units.ts';
import { LazySelect, type PickOption } from '../../../app/components/LazySelect.tsx';
import { UserPicker } from '../../../app/components/pickers/UserPicker.tsx';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import type { Translate } from '../../../i18n/keys.ts';
import { useConfirmDanger } from '../../../app/components/confirm-danger.ts';
import { queryKeyOf, resourceKeyOf } from '../../../api/query-keys.ts';

const POLICIES_KEY = resourceKeyOf(endpoints.listOuPolicies);

type CodeKind = Exclude<PolicyKind, 'documentTypes'>;

/** Lazy pickers over the ERP lists for each kind of code a policy may hold. */
const CODE_SOURCES: Record<CodeKind, (keyword: string, limit: number, signal: AbortSignal) => Promise<PickOption[]>> = {
  products: async (keyword, limit, signal) =>
    (await call(endpoints.listProducts, { query: { keyword: keyword || undefined, limit }, signal })).items.map((p) => ({
      value: p.productCode,
      label: `${p.productCode} · ${p.productName}`,
    })),
  warehouses: async (keyword, limit, signal) =>
    (await call(endpoints.listWarehouses, { query: { keyword: keyword || undefined, limit }, signal })).items.map((w) => ({
      value: w.warehouseCode,
      label: `${w.warehouseCode} · ${w.warehouseName}`,
    })),
  partners: async (keyword, limit, signal) => {
    const query = { keyword: keyword || undefined, limit };
    const [customers, suppliers] = await Promise.all([call(endpoints.listCustomers, { query, signal }), call(endpoints.listSuppliers, { query, signal })]);
    const seen = new Set<string>();
    return [...customers.items, ...suppliers.items]
      .filter((p) => !seen.has(p.partnerCode) && seen.add(p.partnerCode))
      .map((p) => ({ value: p.partnerCode, label: `${p.partnerCode} · ${p.partnerName}` }));
  },
  cashBanks: async (keyword, limit, signal) =>
    (await call(endpoints.listCashBanks, { query: { keyword: keyword || undefined, limit }, signal })).items.map((c) => ({
      value: c.cashBankCode,
      label: `${c.cashBankCode} · ${c.cashBankName}`,
    })),
  glActivities: async (keyword, limit, signal) =>
    (await call(endpoints.listCoa, { query: { keyword: keyword || undefined, limit }, signal })).items.map((c) => ({
      value: c.coaCode,
      label: `${c.coaCode} · ${c.coaName}`,
    })),
};
const CODE_KINDS = POLICY_KINDS.filter((k): k is CodeKind => k !== 'documentTypes');

const documentTypeOptions = (t: Translate) => DOCUMENT_TYPES.map((d) => ({ value: d.id, label: t(`policyOu.documentTypes.${d.key}`) }));

/** "All" stands alone: picking it clears the others, picking another clears it. */
const normaliseDocumentTypes = (next: number[], previous: number[]) => {
  if (next.includes(ALL_DOCUMENT_TYPES) && !previous.includes(ALL_DOCUMENT_TYPES)) return [ALL_DOCUMENT_TYPES];
  if (next.length > 1) return next.filter((id) => id !== ALL_DOCUMENT_TYPES);
  return next;
};

function PolicyEditor({ unit, level }: { unit: OrgUnit; level: 'full' | 'edit' | 'view' }) {
  const { t } = useTranslation();
  const confirmDanger = useConfirmDanger();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<OuPolicy>();
  const [emptyError, setEmptyError] = useState(false);
  const canEdit = level !== 'view';
  const policy = useQuery({
    queryKey: queryKeyOf(endpoints.getOuPolicy, unit.ouId),
    queryFn: ({ signal }) => call(endpoints.getOuPolicy, { params: { ouId: unit.ouId }, signal }),
  });
  useEffect(() => {
    if (policy.data) form.setFieldsValue(policy.data);
  }, [policy.data, form]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: POLICIES_KEY });
  const save = useMutation({
    mutationFn: (body: OuPolicy) => call(endpoints.saveOuPolicy, { params: { ouId: unit.ouId }, body }),
    onSuccess: async () => {
      toast.success(t('policyOu.saved', { code: unit.ouCode }));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => call(endpoints.deleteOuPolicy, { params: { ouId: unit.ouId } }),
    onSuccess: async () => {
      toast.success(t('policyOu.deleted', { code: unit.ouCode }));
      await refresh();
    },
  });

  const submit = (values: OuPolicy) => {
    const body: OuPolicy = {
      documentTypes: values.documentTypes ?? [],
      products: values.products ?? [],
      warehouses: values.warehouses ?? [],
      partners: values.partners ?? [],
      cashBanks: values.cashBanks ?? [],
      glActivities: values.glActivities ?? [],
      memberIds: values.memberIds ?? [],
    };
    // Spec 5: "Policy OU list must be filled" (the server refuses it too).
    if (POLICY_KINDS.every((k) => body[k].length === 0)) {
      setEmptyError(true);
      return;
    }
    setEmptyError(false);
    save.mutate(body);
  };

  if (!policy.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const hasPolicy = POLICY_KINDS.some((k) => policy.data[k].length > 0);

  return (
    <Form<OuPolicy> form={form} layout="vertical" disabled={!canEdit} onFinish={submit} onValuesChange={() => setEmptyError(false)}>
      {emptyError && <Alert type="error" showIcon className="form-alert" title={t('error.policy_ou_list_empty')} role="alert" />}
      <Form.Item
        name="documentTypes"
        label={t('policyOu.kinds.documentTypes')}
        getValueFromEvent={(next: number[]) => normaliseDocumentTypes(next, form.getFieldValue('documentTypes') ?? [])}
      >
        <Checkbox.Group className="checkbox-grid" options={documentTypeOptions(t)} />
      </Form.Item>
      <Row gutter={16}>
        {CODE_KINDS.map((kind) => (
          <Col xs={24} md={12} key={kind}>
            <Form.Item name={kind} label={t(`policyOu.kinds.${kind}`)} extra={t('policyOu.codesHint')}>
              <LazySelect<string[]>
                cacheKey={['policy', kind]}
                fetchPage={CODE_SOURCES[kind]}
                mode="tags"
                placeholder={t('policyOu.codesPlaceholder')}
                aria-label={t(`policyOu.kinds.${kind}`)}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Form.Item name="memberIds" label={t('policyOu.members')} extra={t('policyOu.membersHint')}>
        <UserPicker<string[]> multiple placeholder={t('policyOu.membersPlaceholder')} aria-label={t('policyOu.members')} />
      </Form.Item>
      {canEdit && (
        <Space className="form-actions">
          {level === 'full' && hasPolicy && (
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() =>
                confirmDanger({
                  title: t('policyOu.deleteTitle'),
                  content: t('policyOu.deleteConfirm', { code: unit.ouCode }),
                  okText: t('crud.delete'),
                  onOk: () => remove.mutateAsync().catch(() => undefined),
                })
              }
            >
              {t('policyOu.delete')}
            </Button>
          )}
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
            {t('crud.save')}
          </Button>
        </Space>
      )}
    </Form>
  );
}

function ProhibitionsCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const [userId, setUserId] = useState<string | undefined>();
  // The unsaved choice for the picked user; undefined shows what the server holds.
  const [edited, setEdited] = useState<number[] | undefined>();
  const prohibitions = useQuery({
    queryKey: queryKeyOf(endpoints.getProhibitions, userId),
    queryFn: ({ signal }) => call(endpoints.getProhibitions, { params: { userId: userId! }, signal }),
    enabled: Boolean(userId),
  });
  const selected = edited ?? prohibitions.data?.documentTypeIds ?? [];
  const save = useMutation({
    mutationFn: () => call(endpoints.saveProhibitions, { params: { userId: userId! }, body: { documentTypeIds: selected } }),
    onSuccess: () => toast.success(t('policyOu.prohibitionsSaved')),
  });

  return (
    <Card className="section-card" title={t('policyOu.prohibitions')} extra={<span className="section-card__hint">{t('policyOu.prohibitionsHint')}</span>}>
      <div className="narrow-form">
        <UserPicker<string | undefined>
          value={userId}
          onChange={(id) => {
            setUserId(id);
            setEdited(undefined);
          }}
          placeholder={t('policyOu.pickUser')}
          aria-label={t('policyOu.pickUser')}
        />
      </div>
      {userId ? (
        prohibitions.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : (
          <div className="prohibitions">
            <Checkbox.Group
              className="checkbox-grid"
              disabled={!canEdit}
              value={selected}
              onChange={(next) => setEdited(normaliseDocumentTypes(next, selected))}
              options={documentTypeOptions(t)}
            />
            {canEdit && (
              <Button type="primary" onClick={() => save.mutate()} loading={save.isPending}>
                {t('crud.save')}
              </Button>
            )}
          </div>
        )
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('policyOu.pickUserFirst')} />
      )}
    </Card>
  );
}

/** Configuration › Policy OU (spec 5, 6): per OU, which records its users may pick, and per-user prohibitions. */
export default function PolicyOuPage() {
  const { t } = useTranslation();
  const session = useSession();
  const level = actionLevel(session?.tasks ?? [], 'ConfigPolicy');
  const units = useOrgUnits();
  const summaries = useQuery({ queryKey: queryKeyOf(endpoints.listOuPolicies), queryFn: ({ signal }) => call(endpoints.listOuPolicies, { signal }) });
  const [keyword, setKeyword] = useState('');
  const [selectedId, setSelectedId] = useState<string>();

  const countOf = useMemo(() => {
    const map = new Map<string, number>();
    for (const s of summaries.data?.items ?? [])
      map.set(
        s.ouId,
        Object.values(s.counts).reduce((a, b) => a + b, 0),
      );
    return map;
  }, [summaries.data]);
  const needle = keyword.trim().toLowerCase();
  const shown = (units.data ?? [])
    .filter((u) => !needle || u.ouCode.toLowerCase().includes(needle) || u.ouName.toLowerCase().includes(needle))
    .sort((a, b) => a.ouCode.localeCompare(b.ouCode));
  const selected = units.data?.find((u) => u.ouId === selectedId);

  return (
    <div>
      <PageHeading title={t('policyOu.title')} subtitle={t('policyOu.description')} />
      <Row gutter={[20, 20]}>
        <Col xs={24} lg={8}>
          <Card className="section-card ou-list-card" title={t('policyOu.units')}>
            <Input.Search
              allowClear
              placeholder={t('businessUnit.searchPlaceholder')}
              aria-label={t('crud.search')}
              onChange={(e) => setKeyword(e.target.value)}
            />
            <List<OrgUnit>
              className="ou-list"
              loading={units.isPending}
              dataSource={shown}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={needle ? t('crud.noMatch') : t('businessUnit.empty')} /> }}
              renderItem={(u) => (
                <List.Item
                  className={u.ouId === selectedId ? 'ou-list__item ou-list__item--selected' : 'ou-list__item'}
                  onClick={() => setSelectedId(u.ouId)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') setSelectedId(u.ouId);
                  }}
                  tabIndex={0}
                  role="button"
                  aria-pressed={u.ouId === selectedId}
                >
                  <div className="ou-list__text">
                    <span className="code-text">{u.ouCode}</span>
                    <span className="ou-list__name">{u.ouName}</span>
                  </div>
                  <Space size={6}>
                    <Tag color={OU_TYPE_COLORS[u.ouTypeCode]}>{u.ouTypeCode}</Tag>
                    {countOf.get(u.ouId) ? <Badge count={countOf.get(u.ouId)} color="#1f6feb" overflowCount={999} title={t('policyOu.entries')} /> : null}
                  </Space>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <div className="section-stack">
            <Card className="section-card" title={selected ? t('policyOu.policyOf', { code: selected.ouCode, name: selected.ouName }) : t('policyOu.policy')}>
              {selected ? (
                <PolicyEditor key={selected.ouId} unit={selected} level={level} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('policyOu.pickUnit')} />
              )}
            </Card>
            <ProhibitionsCard canEdit={level !== 'view'} />
          </div>
        </Col>
      </Row>
    </div>
  );
}
