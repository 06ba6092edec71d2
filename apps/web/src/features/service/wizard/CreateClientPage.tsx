import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Form, Input, InputNumber, Radio, Select, Space, Steps, TimePicker, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { endpoints, SERVICE_ENGINES, type ServiceClientInput, type ServiceClientUpdate, type ServiceDatasetInput } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { OrgUnitPicker } from '../../../app/components/pickers/OrgUnitPicker.tsx';
import { useClientCode } from '../use-client-code.ts';
import { DatasetItems } from './DatasetItems.tsx';
import { WizardIntents } from './WizardIntents.tsx';
import { SetupProcess } from './SetupProcess.tsx';
import '../service.css';
import { ClientAgents } from '../agents/ClientAgents.tsx';
import { queryKeyOf } from '../../../api/query-keys.ts';

const STEPS = ['client', 'dataset', 'ai', 'integrations', 'humanCs', 'process'] as const;
type StepKey = (typeof STEPS)[number];

/** Service › Create new client: the wizard (client info, dataset, AI set-up, integrations, human CS, then process all). */
export default function CreateClientPage() {
  const { t } = useTranslation();
  const [clientCode, setClientCode] = useClientCode();
  const [chosen, setStep] = useState<number | null>(null);
  const client = useQuery({
    queryKey: queryKeyOf(endpoints.getServiceClient, clientCode),
    queryFn: ({ signal }) => call(endpoints.getServiceClient, { params: { clientCode: clientCode! }, signal }),
    enabled: Boolean(clientCode),
  });
  // Coming back to a client whose set-up was asked for opens the process step.
  const step = chosen ?? (client.data && client.data.setupState.status !== 'draft' ? STEPS.length - 1 : 0);
  const next = () => setStep(Math.min(step + 1, STEPS.length - 1));
  const key: StepKey = STEPS[step];
  return (
    <div>
      <PageHeading title={t('service.title.createClient')} subtitle={t('service.wizard.description')} />
      <div className="page-card service-wizard">
        <Steps
          size="small"
          current={step}
          onChange={(s) => clientCode && setStep(s)}
          responsive
          items={STEPS.map((s) => ({ title: t(`service.wizard.${s}`), disabled: !clientCode && s !== 'client' }))}
        />
        <div className="service-wizard__body">
          {key === 'client' && (
            <ClientInfo
              clientCode={clientCode}
              onDone={(code) => {
                setClientCode(code);
                next();
              }}
            />
          )}
          {key === 'dataset' && clientCode && <DatasetStep clientCode={clientCode} onNext={next} />}
          {key === 'ai' && clientCode && <AiStep clientCode={clientCode} onNext={next} />}
          {key === 'integrations' && clientCode && <IntegrationsStep clientCode={clientCode} onNext={next} />}
          {key === 'humanCs' && clientCode && <HumanCsStep clientCode={clientCode} onNext={next} />}
          {key === 'process' && clientCode && <SetupProcess clientCode={clientCode} />}
        </div>
      </div>
    </div>
  );
}

function useClient(clientCode: string) {
  return useQuery({
    queryKey: queryKeyOf(endpoints.getServiceClient, clientCode),
    queryFn: ({ signal }) => call(endpoints.getServiceClient, { params: { clientCode }, signal }),
  });
}

function useUpdateClient(clientCode: string, onDone: () => void) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceClientUpdate) => call(endpoints.updateServiceClient, { params: { clientCode }, body }),
    onSuccess: (c) => {
      queries.setQueryData(queryKeyOf(endpoints.getServiceClient, clientCode), c);
      onDone();
    },
  });
}

function ClientInfo({ clientCode, onDone }: { clientCode?: string; onDone: (code: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ServiceClientInput>();
  const existing = useQuery({
    queryKey: queryKeyOf(endpoints.getServiceClient, clientCode),
    queryFn: ({ signal }) => call(endpoints.getServiceClient, { params: { clientCode: clientCode! }, signal }),
    enabled: Boolean(clientCode),
  });
  useEffect(() => {
    if (existing.data)
      form.setFieldsValue({ code: existing.data.code, name: existing.data.name, businessField: existing.data.businessField, ouId: existing.data.ouId });
  }, [existing.data, form]);
  const save = useMutation({
    mutationFn: (v: ServiceClientInput) =>
      existing.data
        ? call(endpoints.updateServiceClient, { params: { clientCode: existing.data.code }, body: v })
        : call(endpoints.createServiceClient, { body: v }),
    onSuccess: (c) => onDone(c.code),
  });
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={(v) => save.mutate(v)}>
      <Form.Item
        name="code"
        label={t('service.wizard.code')}
        rules={[{ required: true, max: 20, pattern: /^[A-Za-z0-9._-]+$/, message: t('service.wizard.codeRule') }]}
      >
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="name" label={t('service.wizard.name')} rules={[{ required: true, whitespace: true, max: 100 }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="businessField" label={t('service.wizard.businessField')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="ouId" label={t('service.wizard.ou')}>
        <OrgUnitPicker allowClear aria-label={t('service.wizard.ou')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('service.wizard.saveNext')}
      </Button>
    </Form>
  );
}

function DatasetStep({ clientCode, onNext }: { clientCode: string; onNext: () => void }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const datasets = useQuery({
    queryKey: queryKeyOf(endpoints.listServiceDatasets, clientCode, 'wizard'),
    queryFn: ({ signal }) => call(endpoints.listServiceDatasets, { params: { clientCode }, query: { page: 1, limit: 100 }, signal }),
  });
  const [form] = Form.useForm<ServiceDatasetInput>();
  const create = useMutation({
    mutationFn: (v: ServiceDatasetInput) => call(endpoints.createServiceDataset, { params: { clientCode }, body: v }),
    onSuccess: () => void queries.invalidateQueries({ queryKey: queryKeyOf(endpoints.listServiceDatasets, clientCode) }),
  });
  const dataset = datasets.data?.items[0];
  if (!datasets.data) return null;
  if (!dataset) {
    return (
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        initialValues={{ name: '', attributes: [{ name: '', type: 'TEXT' }] }}
        onFinish={(v) => create.mutate(v)}
      >
        <Form.Item name="name" label={t('service.dataset.name')} rules={[{ required: true, whitespace: true, max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.List name="attributes">
          {(fields, { add }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap>
                  <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, max: 60 }]}>
                    <Input placeholder={t('service.dataset.attribute')} aria-label={`${t('service.dataset.attribute')} ${f.name + 1}`} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'type']}>
                    <Select
                      style={{ width: 120 }}
                      aria-label={`${t('service.dataset.type')} ${f.name + 1}`}
                      options={['ANY', 'TEXT', 'NUMBER'].map((v) => ({ value: v, label: v }))}
                    />
                  </Form.Item>
                </Space>
              ))}
              <Form.Item>
                <Button onClick={() => add({ name: '', type: 'TEXT' })}>{t('service.dataset.addAttribute')}</Button>
              </Form.Item>
            </>
          )}
        </Form.List>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('service.dataset.add')}
        </Button>
      </Form>
    );
  }
  return (
    <div className="service-detail">
      <DatasetItems dataset={dataset} />
      <div>
        <Button type="primary" onClick={onNext}>
          {t('service.wizard.next')}
        </Button>
      </div>
    </div>
  );
}

function AiStep({ clientCode, onNext }: { clientCode: string; onNext: () => void }) {
  const { t } = useTranslation();
  const client = useClient(clientCode);
  const save = useUpdateClient(clientCode, onNext);
  const c = client.data;
  if (!c) return null;
  return (
    <div className="service-detail">
      <Form
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{
          engine: c.engine ?? 'tenant',
          model: c.model ?? '',
          systemInstruction: c.systemInstruction,
          confidenceThreshold: c.confidenceThreshold,
          rules: Object.entries(c.handoverRules)
            .filter(([, v]) => v === true)
            .map(([k]) => k),
        }}
        onFinish={(v: { engine: string; model: string; systemInstruction: string; confidenceThreshold: number; rules: string[] }) =>
          save.mutate({
            engine: v.engine === 'tenant' ? null : (v.engine as (typeof SERVICE_ENGINES)[number]),
            model: v.model.trim() || null,
            systemInstruction: v.systemInstruction,
            confidenceThreshold: v.confidenceThreshold,
            handoverRules: {
              ...c.handoverRules,
              lowConfidence: v.rules.includes('lowConfidence'),
              outOfScope: v.rules.includes('outOfScope'),
              askForPerson: v.rules.includes('askForPerson'),
              aiUnavailable: v.rules.includes('aiUnavailable'),
            },
          })
        }
      >
        <Form.Item name="engine" label={t('service.wizard.engine')}>
          <Radio.Group
            options={[
              { value: 'tenant', label: t('service.wizard.engineTenant') },
              ...SERVICE_ENGINES.map((e) => ({ value: e, label: t(`service.wizard.engines.${e}`) })),
            ]}
          />
        </Form.Item>
        <Form.Item name="model" label={t('service.wizard.model')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="systemInstruction" label={t('service.wizard.systemInstruction')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={4000} />
        </Form.Item>
        <Form.Item name="confidenceThreshold" label={t('service.wizard.threshold')} tooltip={t('service.wizard.thresholdHelp')}>
          <InputNumber min={0} max={1} step={0.05} />
        </Form.Item>
        <Form.Item name="rules" label={t('service.wizard.handover')}>
          <Checkbox.Group
            options={(['lowConfidence', 'outOfScope', 'askForPerson', 'aiUnavailable'] as const).map((r) => ({
              value: r,
              label: t(`service.wizard.rules.${r}`),
            }))}
          />
        </Form.Item>
        <Card size="small" title={t('service.wizard.intents')}>
          <WizardIntents clientCode={clientCode} />
        </Card>
        <Button type="primary" htmlType="submit" loading={save.isPending} style={{ marginTop: 16 }}>
          {t('service.wizard.saveNext')}
        </Button>
      </Form>
    </div>
  );
}

function IntegrationsStep({ clientCode, onNext }: { clientCode: string; onNext: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="service-detail">
      <Typography.Paragraph>{t('service.wizard.integrationsText')}</Typography.Paragraph>
      <Space wrap>
        <Button onClick={() => navigate(`/service/integration?client=${encodeURIComponent(clientCode)}`)}>{t('service.wizard.openIntegration')}</Button>
        <Button type="primary" onClick={onNext}>
          {t('service.wizard.next')}
        </Button>
      </Space>
    </div>
  );
}

const DAYS = [1, 2, 3, 4, 5, 6, 0] as const;

/** Says so when the chosen hours run past midnight (the server counts them into the next day). */
function OvernightNote() {
  const { t } = useTranslation();
  const range = Form.useWatch<[Dayjs, Dayjs] | null>('range');
  if (!range?.[0] || !range[1]) return null;
  const [from, to] = [range[0].format('HH:mm'), range[1].format('HH:mm')];
  if (to > from || to === '00:00' || to === from) return null;
  return (
    <span className="overnight-note" data-testid="overnight-note">
      {t('service.wizard.overnight', { from, to })}
    </span>
  );
}

function HumanCsStep({ clientCode, onNext }: { clientCode: string; onNext: () => void }) {
  const { t } = useTranslation();
  const client = useClient(clientCode);
  const save = useUpdateClient(clientCode, () => {
    toast.success(t('service.saved', { name: clientCode }));
    onNext();
  });
  const c = client.data;
  if (!c) return null;
  const hours = c.workingHours?.days ?? [];
  return (
    <Form
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{
        maxConcurrentChats: c.maxConcurrentChats,
        days: hours.length ? hours.map((d) => d.day) : [1, 2, 3, 4, 5],
        range: [dayjs(hours[0]?.from ?? '08:00', 'HH:mm'), dayjs(hours[0]?.to ?? '17:00', 'HH:mm')],
      }}
      onFinish={(v: { maxConcurrentChats: number; days: number[]; range: [Dayjs, Dayjs] }) =>
        save.mutate({
          maxConcurrentChats: v.maxConcurrentChats,
          workingHours: {
            timeZone: c.workingHours?.timeZone ?? 'Asia/Jakarta',
            days: v.days.map((day) => ({ day, from: v.range[0].format('HH:mm'), to: v.range[1].format('HH:mm') })),
          },
        })
      }
    >
      <Typography.Paragraph>{t('service.wizard.agentsText')}</Typography.Paragraph>
      <Form.Item label={t('service.wizard.agents')}>
        <ClientAgents clientCode={clientCode} />
      </Form.Item>
      <Form.Item name="days" label={t('service.wizard.workingDays')}>
        <Checkbox.Group options={DAYS.map((d) => ({ value: d, label: dayjs().day(d).format('ddd') }))} />
      </Form.Item>
      <Form.Item
        name="range"
        label={t('service.wizard.workingHours')}
        extra={<OvernightNote />}
        rules={[
          {
            validator: (_, v?: [Dayjs, Dayjs] | null) => {
              const [from, to] = [v?.[0]?.format('HH:mm'), v?.[1]?.format('HH:mm')];
              return from && from === to && from !== '00:00'
                ? Promise.reject(new Error(t('error.service_working_hours_empty', { 0: from })))
                : Promise.resolve();
            },
          },
        ]}
      >
        {/* An end before the start is a span past midnight, kept as typed (order=false); Enter picks a time, it does not save the step. */}
        <TimePicker.RangePicker
          format="HH:mm"
          minuteStep={15}
          order={false}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
        />
      </Form.Item>
      <Form.Item name="maxConcurrentChats" label={t('service.wizard.maxChats')}>
        <InputNumber min={1} max={100} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('service.wizard.saveNext')}
      </Button>
    </Form>
  );
}
