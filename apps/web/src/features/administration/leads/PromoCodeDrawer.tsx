import { DatePicker, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../app/components/FormDrawer.tsx';
import { LEAD_CHANNELS, PROMO_SEGMENTS, endpoints, type PromoCode } from '@nusa/contracts';
import { ApiError, call } from '../../../api/call.ts';
import { describeError, reportError, toast } from '../../../app/feedback.tsx';
import { discountProblem, emptyPromoForm, promoFormOf, promoInputOf, type PromoFormValues } from './promo-rules.ts';
import { resourceKeyOf } from '../../../api/query-keys.ts';

type FormShape = Omit<PromoFormValues, 'startsOn' | 'endsOn'> & { period: [Dayjs | null, Dayjs | null] | null };

const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** Server errors that belong to one field: shown under it, the form keeps every value. */
const FIELD_OF_ERROR: Record<string, keyof FormShape> = {
  promo_code_already_exists: 'code',
  promo_period_invalid: 'period',
  promo_discount_invalid: 'discountValue',
};

const toShape = (v: PromoFormValues): FormShape => ({
  ...v,
  period: v.startsOn || v.endsOn ? [v.startsOn ? dayjs(v.startsOn) : null, v.endsOn ? dayjs(v.endsOn) : null] : null,
});
const fromShape = ({ period, ...v }: FormShape): PromoFormValues => ({
  ...v,
  startsOn: period?.[0]?.format('YYYY-MM-DD') ?? null,
  endsOn: period?.[1]?.format('YYYY-MM-DD') ?? null,
});

/** Rupiah amounts typed with id-ID thousands dots. */
const groupThousands = (v: string | undefined) => (v ? v.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : '');

export function PromoCodeDrawer({ promo, onClose }: { promo?: PromoCode; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormShape>();
  const discountType = Form.useWatch('discountType', form) ?? (promo ? promoFormOf(promo).discountType : 'percent');

  const save = useMutation({
    mutationFn: (v: FormShape) => {
      const body = promoInputOf(fromShape(v));
      return promo ? call(endpoints.updatePromoCode, { params: { promoId: promo.promoId }, body }) : call(endpoints.createPromoCode, { body });
    },
    meta: { silent: true },
    onSuccess: (saved) => {
      toast.success(t(promo ? 'adminPromo.updated' : 'adminPromo.created', { code: saved.code }));
      void queryClient.invalidateQueries({ queryKey: resourceKeyOf(endpoints.listPromoCodes) });
      onClose();
    },
    onError: (err) => {
      const field = err instanceof ApiError ? FIELD_OF_ERROR[err.code] : undefined;
      if (field) form.setFields([{ name: field, errors: [describeError(err)] }]);
      else reportError(err);
    },
  });

  const segmentOptions = PROMO_SEGMENTS.map((s) => ({ value: s, label: t(`adminPromo.segmentNames.${s}`) }));
  const channelOptions = LEAD_CHANNELS.map((c) => ({ value: c, label: t(`adminLeads.channels.${c}`) }));

  return (
    <FormDrawer
      title={promo ? t('adminPromo.editTitle', { code: promo.code }) : t('adminPromo.add')}
      onClose={onClose}
      save={{ label: t('adminPromo.save'), pending: save.isPending, onSave: () => form.submit() }}
    >
      <Form<FormShape> form={form} layout="vertical" initialValues={toShape(promo ? promoFormOf(promo) : emptyPromoForm())} onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="code"
          label={t('adminPromo.code')}
          extra={t('adminPromo.codeHint')}
          rules={[
            { required: true, whitespace: true, message: t('validation.required', { label: t('adminPromo.code') }) },
            { pattern: CODE_PATTERN, message: t('adminPromo.codePattern') },
          ]}
        >
          <Input maxLength={40} showCount autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label={t('adminPromo.description')}>
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <div className="form-grid">
          <Form.Item name="discountType" label={t('adminPromo.discountType')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'percent', label: t('adminPromo.percent') },
                { value: 'amount', label: t('adminPromo.amount') },
              ]}
              onChange={() => form.setFields([{ name: 'discountValue', errors: [] }])}
            />
          </Form.Item>
          <Form.Item
            name="discountValue"
            label={t('adminPromo.discountValue')}
            dependencies={['discountType']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_: unknown, value: string | null) => {
                  const problem = discountProblem(getFieldValue('discountType'), value ?? null);
                  if (problem === 'required') throw new Error(t('validation.required', { label: t('adminPromo.discountValue') }));
                  if (problem) throw new Error(t(`adminPromo.${problem}`));
                },
              }),
            ]}
          >
            {discountType === 'percent' ? (
              // No min/max: a value out of range stays as typed and the rule under the field says why (no silent clamping).
              <InputNumber<string> stringMode step="1" decimalSeparator="," suffix="%" style={{ width: '100%' }} />
            ) : (
              <InputNumber<string>
                stringMode
                step="50000"
                precision={0}
                prefix="Rp"
                formatter={(v) => groupThousands(v)}
                parser={(v) => (v ?? '').replace(/\D/g, '')}
                style={{ width: '100%' }}
              />
            )}
          </Form.Item>
        </div>
        <Form.Item name="period" label={t('adminPromo.period')} extra={t('adminPromo.periodHint')}>
          <DatePicker.RangePicker
            format="DD/MM/YYYY"
            allowEmpty={[true, true]}
            placeholder={[t('adminPromo.startsOn'), t('adminPromo.endsOn')]}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="channels" label={t('adminPromo.channels')} extra={t('adminPromo.channelsHint')}>
          <Select mode="multiple" allowClear options={channelOptions} placeholder={t('adminPromo.allChannels')} />
        </Form.Item>
        <Form.Item name="segments" label={t('adminPromo.segments')} extra={t('adminPromo.segmentsHint')}>
          <Select mode="multiple" allowClear options={segmentOptions} placeholder={t('adminPromo.allSegments')} />
        </Form.Item>
        <Form.Item name="active" label={t('adminPromo.active')} valuePropName="checked">
          <Switch checkedChildren="Y" unCheckedChildren="N" />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}
