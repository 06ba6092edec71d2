import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Empty, Form, Input, Row, Select, Skeleton, Space, Switch, Upload } from 'antd';
import { ArrowLeftOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOGO_MAX_BYTES, LOGO_TYPES, actionLevel, endpoints, type OrgUnit } from '@nusa/contracts';
import { call, callFile } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { useRouteParams } from '../../../app/route-params.ts';
import { useSession } from '../../../app/session.ts';
import { ORG_UNITS_KEY, useOrgUnits } from './org-units.ts';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { queryKeyOf } from '../../../api/query-keys.ts';

const LEGAL_PATH = '/configuration/business-unit/edit-legal-info';

interface LegalValues {
  address: string;
  taxName: string;
  taxNumber: string;
  taxDate: Dayjs | null;
  phone: string;
  fax: string;
  taxableEntrepreneur: boolean;
}

const orNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

const readDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

const readBase64 = async (file: File) => (await readDataUrl(file)).replace(/^data:[^,]*,/, '');

/**
 * The unit's logo, fetched with the work token (the endpoint needs it) and shown as a data URL: a logo is at most
 * LOGO_MAX_BYTES, and unlike an object URL it needs no revoking when the logo changes.
 */
function useLogo(unit: OrgUnit | undefined) {
  const logo = useQuery({
    queryKey: queryKeyOf(endpoints.getLogo, unit?.ouId, unit?.hasLogo),
    queryFn: async ({ signal }) => readDataUrl(await callFile(endpoints.getLogo, { params: { ouId: unit!.ouId }, signal })),
    enabled: Boolean(unit?.hasLogo),
  });
  return { url: unit?.hasLogo ? logo.data : undefined, loading: logo.isFetching };
}

function LegalForm({ unit, canEdit }: { unit: OrgUnit; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LegalValues>();
  const logo = useLogo(unit);
  const [logoProblem, setLogoProblem] = useState<string>();

  useEffect(() => {
    form.setFieldsValue({
      address: unit.legal.address ?? '',
      taxName: unit.legal.taxName ?? '',
      taxNumber: unit.legal.taxNumber ?? '',
      taxDate: unit.legal.taxDate ? dayjs(unit.legal.taxDate) : null,
      phone: unit.legal.phone ?? '',
      fax: unit.legal.fax ?? '',
      taxableEntrepreneur: unit.legal.taxableEntrepreneur,
    });
  }, [unit, form]);

  const save = useMutation({
    mutationFn: (v: LegalValues) =>
      call(endpoints.saveLegalInfo, {
        params: { ouId: unit.ouId },
        body: {
          address: orNull(v.address),
          taxName: orNull(v.taxName),
          taxNumber: orNull(v.taxNumber),
          taxDate: v.taxDate ? v.taxDate.format('YYYY-MM-DD') : null,
          phone: orNull(v.phone),
          fax: orNull(v.fax),
          taxableEntrepreneur: v.taxableEntrepreneur,
        },
      }),
    onSuccess: async () => {
      toast.success(t('legalInfo.saved', { code: unit.ouCode }));
      await queryClient.invalidateQueries({ queryKey: ORG_UNITS_KEY });
    },
  });
  const upload = useMutation({
    mutationFn: async (file: File) =>
      call(endpoints.uploadLogo, {
        params: { ouId: unit.ouId },
        body: { contentType: file.type as (typeof LOGO_TYPES)[number], dataBase64: await readBase64(file) },
      }),
    onSuccess: async () => {
      toast.success(t('legalInfo.logoSaved'));
      await queryClient.invalidateQueries({ queryKey: ORG_UNITS_KEY });
    },
  });

  const beforeUpload = (file: File) => {
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) setLogoProblem(t('legalInfo.logoType'));
    else if (file.size > LOGO_MAX_BYTES) setLogoProblem(t('legalInfo.logoSize'));
    else {
      setLogoProblem(undefined);
      upload.mutate(file);
    }
    return false;
  };

  const phoneRule = { pattern: /^[0-9+()\- ]*$/, message: t('legalInfo.phonePattern') };

  return (
    <Row gutter={[20, 20]}>
      <Col xs={24} lg={8}>
        <Card className="section-card" title={t('legalInfo.logo')}>
          <div className="logo-box">
            {logo.url ? (
              <img src={logo.url} alt={t('legalInfo.logoAlt', { name: unit.ouName })} className="logo-box__image" />
            ) : logo.loading ? (
              <Skeleton.Image active />
            ) : (
              <div className="logo-box__empty">
                <PictureOutlined />
                <span>{t('legalInfo.noLogo')}</span>
              </div>
            )}
          </div>
          {canEdit && (
            <Upload accept={LOGO_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload} maxCount={1}>
              <Button icon={<UploadOutlined />} loading={upload.isPending} block>
                {unit.hasLogo ? t('legalInfo.replaceLogo') : t('legalInfo.uploadLogo')}
              </Button>
            </Upload>
          )}
          {logoProblem && <Alert type="error" showIcon className="logo-box__alert" title={logoProblem} />}
          <p className="section-card__hint logo-box__hint">{t('legalInfo.logoHint')}</p>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card className="section-card" title={t('legalInfo.legalSection')}>
          <Form<LegalValues> form={form} layout="vertical" disabled={!canEdit} onFinish={(v) => save.mutate(v)}>
            <Form.Item name="address" label={t('legalInfo.address')}>
              <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="taxName" label={t('legalInfo.taxName')}>
                  <Input maxLength={200} showCount />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="taxNumber" label={t('legalInfo.taxNumber')} rules={[{ pattern: /^[0-9.-]*$/, message: t('legalInfo.taxNumberPattern') }]}>
                  <Input maxLength={30} showCount placeholder="01.234.567.8-901.000" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="taxDate" label={t('legalInfo.taxDate')}>
                  <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="taxableEntrepreneur" label={t('legalInfo.pkp')} valuePropName="checked" extra={t('legalInfo.pkpHint')}>
                  <Switch />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="phone" label={t('legalInfo.phone')} rules={[phoneRule]}>
                  <Input maxLength={30} showCount placeholder="+62 21 555 0101" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="fax" label={t('legalInfo.fax')} rules={[phoneRule]}>
                  <Input maxLength={30} showCount />
                </Form.Item>
              </Col>
            </Row>
            {canEdit && (
              <div className="form-actions">
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {t('crud.save')}
                </Button>
              </div>
            )}
          </Form>
        </Card>
      </Col>
    </Row>
  );
}

/** Configuration › Business unit › Legal info (spec 2: optional {ouCode} selects the unit). */
export default function LegalInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ouCode } = useRouteParams();
  const session = useSession();
  const canEdit = actionLevel(session?.tasks ?? [], 'ConfigBusinessUnit') !== 'view';
  const units = useOrgUnits();
  const unit = units.data?.find((u) => u.ouCode === ouCode);

  return (
    <div>
      <PageHeading title={t('legalInfo.title')} subtitle={t('legalInfo.description')}>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/configuration/business-unit')}>
            {t('businessUnit.title')}
          </Button>
        </Space>
      </PageHeading>
      <Card className="section-card legal-picker">
        <label className="legal-picker__label" htmlFor="legal-ou">
          {t('legalInfo.unit')}
        </label>
        <Select
          id="legal-ou"
          className="legal-picker__select"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('legalInfo.pickUnit')}
          loading={units.isPending}
          value={unit?.ouCode}
          onChange={(code: string) => navigate(`${LEGAL_PATH}/${encodeURIComponent(code)}`)}
          options={(units.data ?? []).map((u) => ({ value: u.ouCode, label: `${u.ouCode} · ${u.ouName}` }))}
        />
      </Card>
      {units.isPending ? (
        <Skeleton active />
      ) : unit ? (
        <LegalForm key={unit.ouId} unit={unit} canEdit={canEdit} />
      ) : (
        <Card className="section-card">
          <Empty description={ouCode ? t('legalInfo.unknownUnit', { code: ouCode }) : t('legalInfo.pickFirst')} />
        </Card>
      )}
    </div>
  );
}
