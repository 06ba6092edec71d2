import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Steps, Tag, Typography } from 'antd';
import { CheckCircleOutlined, GoogleOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type SheetCheck } from '@nusa/contracts';
import { call } from '../../../../api/call.ts';
import { describeError } from '../../../../app/feedback.tsx';
import { useFormat } from '../../../../app/use-format.ts';
import type { TrackedImport } from '../import-runs.ts';
import './sources.css';
import { queryKeyOf } from '../../../../api/query-keys.ts';

/**
 * Spec 2's Google Sheet guide: copy the template, share the sheet with the tenant's service account, paste its URL and
 * verify access and template, then import (a run the user may leave). Importing the same sheet again later replaces
 * the rows.
 */
export function GoogleSheetDialog({ open, onClose, onStarted }: { open: boolean; onClose: () => void; onStarted: (run: TrackedImport) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [form] = Form.useForm<{ url: string; name: string }>();
  const [checked, setChecked] = useState<SheetCheck | null>(null);
  const account = useQuery({
    queryKey: queryKeyOf(endpoints.getGoogleAccount),
    queryFn: ({ signal }) => call(endpoints.getGoogleAccount, { signal }),
    enabled: open,
  });
  const verify = useMutation({
    mutationFn: (url: string) => call(endpoints.checkGoogleSheet, { body: { url } }),
    meta: { silent: true },
    onSuccess: (check) => {
      setChecked(check);
      if (!form.getFieldValue('name')) form.setFieldValue('name', check.title);
    },
  });
  const start = useMutation({
    mutationFn: (input: { url: string; name: string }) => call(endpoints.importGoogleSheet, { body: input }),
    meta: { silent: true },
    onSuccess: (run, { name }) => {
      onStarted({ importId: run.importId, name });
      form.resetFields();
      setChecked(null);
    },
  });
  const email = account.data?.clientEmail;
  const current = checked ? 3 : email ? 2 : 0;
  return (
    <Modal
      open={open}
      title={t('analysisSources.sheet.title')}
      okText={t('analysisSources.sheet.import')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !checked }}
      confirmLoading={start.isPending}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      onOk={() => void form.validateFields().then(({ url, name }) => start.mutate({ url: url.trim(), name: name.trim() }))}
    >
      <Steps
        direction="vertical"
        size="small"
        current={current}
        items={[
          {
            title: t('analysisSources.sheet.step1'),
            description: (
              <Space direction="vertical" size={4}>
                <span>{t('analysisSources.sheet.step1Text')}</span>
                <span>
                  {(account.data?.templateColumns ?? []).map((c) => (
                    <Tag key={c}>{c}</Tag>
                  ))}
                </span>
                {account.data?.templateUrl && (
                  <Typography.Link href={account.data.templateUrl} target="_blank" rel="noreferrer">
                    {t('analysisSources.sheet.openTemplate')}
                  </Typography.Link>
                )}
              </Space>
            ),
          },
          {
            title: t('analysisSources.sheet.step2'),
            description: email ? (
              <Space direction="vertical" size={4}>
                <span>{t('analysisSources.sheet.step2Text')}</span>
                <Typography.Text code copyable data-testid="service-account-email">
                  {email}
                </Typography.Text>
              </Space>
            ) : (
              account.data && <Alert type="warning" showIcon title={t('analysisSources.sheet.noAccount')} />
            ),
          },
          {
            title: t('analysisSources.sheet.step3'),
            description: (
              <Form form={form} layout="vertical" onValuesChange={(changed) => 'url' in changed && setChecked(null)}>
                <Form.Item
                  name="url"
                  label={t('analysisSources.sheet.url')}
                  rules={[{ required: true, whitespace: true, message: t('analysisSources.sheet.urlRequired') }]}
                >
                  <Input placeholder="https://docs.google.com/spreadsheets/d/…" maxLength={2000} />
                </Form.Item>
                <Button
                  loading={verify.isPending}
                  disabled={!email}
                  onClick={() => void form.validateFields(['url']).then(({ url }) => verify.mutate(url.trim()))}
                >
                  {t('analysisSources.sheet.verify')}
                </Button>
                {verify.isError && <Alert className="analysis-sources__alert" type="error" showIcon title={describeError(verify.error)} />}
                {checked && (
                  <Alert
                    className="analysis-sources__alert"
                    type="success"
                    showIcon
                    icon={<CheckCircleOutlined />}
                    title={t('analysisSources.sheet.verified', { title: checked.title, sheet: checked.sheetTitle, rows: f.number(checked.rowCount) })}
                  />
                )}
                {checked && (
                  <Form.Item
                    className="analysis-sources__name"
                    name="name"
                    label={t('analysisSources.sheet.name')}
                    rules={[{ required: true, whitespace: true, message: t('analysisSources.sheet.nameRequired') }, { max: 100 }]}
                  >
                    <Input maxLength={100} />
                  </Form.Item>
                )}
              </Form>
            ),
          },
          {
            title: t('analysisSources.sheet.step4'),
            description: (
              <Space direction="vertical" size={2}>
                <Typography.Text type="secondary">{t('analysisSources.sheet.replaceNote')}</Typography.Text>
                <Typography.Text type="secondary">{t('analysisSources.sheet.leaveNote')}</Typography.Text>
              </Space>
            ),
          },
        ]}
      />
      {start.isError && <Alert type="error" showIcon title={describeError(start.error)} />}
    </Modal>
  );
}

/** The database manager's "Google Sheet" action: opens the guide; the import started is followed on the page. */
export function GoogleSheetButton({ onStarted }: { onStarted: (run: TrackedImport) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<GoogleOutlined />} onClick={() => setOpen(true)}>
        {t('analysisSources.sheet.button')}
      </Button>
      <GoogleSheetDialog
        open={open}
        onClose={() => setOpen(false)}
        onStarted={(run) => {
          onStarted(run);
          setOpen(false);
        }}
      />
    </>
  );
}
