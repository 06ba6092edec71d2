import { useEffect } from 'react';
import { Button, Card, Descriptions, Form, Input, Skeleton, Space } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { endpoints } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { useLanguage } from '../../../i18n/index.ts';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { queryKeyOf } from '../../../api/query-keys.ts';

interface ProfileValues {
  fullName: string;
  email: string;
}

const PROFILE_KEY = queryKeyOf(endpoints.getProfile);

/** Configuration › Edit profile (spec 2, not in the menu): one's own name and email. */
export default function EditProfilePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileValues>();
  const profile = useQuery({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => call(endpoints.getProfile, { signal }) });

  useEffect(() => {
    if (profile.data) form.setFieldsValue({ fullName: profile.data.fullName, email: profile.data.email ?? '' });
  }, [profile.data, form]);

  const save = useMutation({
    mutationFn: (v: ProfileValues) => call(endpoints.updateProfile, { body: { fullName: v.fullName.trim(), email: v.email.trim() || null } }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(PROFILE_KEY, saved);
      toast.success(t('profile.saved'));
      // The header shows the name from the session: refresh it from the server.
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(endpoints.me) });
    },
  });

  const when = (value: string | null | undefined) => (value ? dayjs(value).locale(language).format('D MMMM YYYY, HH:mm') : '–');

  return (
    <div>
      <PageHeading title={t('profile.title')} subtitle={t('profile.description')}>
        <Link to="/configuration/change-password">
          <Button icon={<LockOutlined />}>{t('changePassword.title')}</Button>
        </Link>
      </PageHeading>
      <div className="section-stack">
        <Card className="section-card" title={t('profile.account')}>
          {profile.data ? (
            <Descriptions
              column={{ xs: 1, md: 2 }}
              bordered
              size="middle"
              items={[
                { key: 'username', label: t('profile.username'), children: profile.data.username },
                { key: 'role', label: t('profile.role'), children: profile.data.roleName },
                { key: 'lastLogin', label: t('profile.lastLogin'), children: when(profile.data.lastLoginAt) },
                { key: 'pw', label: t('profile.passwordChanged'), children: when(profile.data.passwordChangedAt) },
              ]}
            />
          ) : (
            <Skeleton active paragraph={{ rows: 2 }} />
          )}
        </Card>
        <Card className="section-card" title={t('profile.personal')}>
          <Form<ProfileValues> form={form} layout="vertical" className="narrow-form" onFinish={(v) => save.mutate(v)} disabled={!profile.data}>
            <Form.Item
              name="fullName"
              label={t('profile.fullName')}
              rules={[{ required: true, whitespace: true, message: t('validation.required', { label: t('profile.fullName') }) }]}
            >
              <Input maxLength={100} showCount autoComplete="name" />
            </Form.Item>
            <Form.Item name="email" label={t('profile.email')} rules={[{ type: 'email', message: t('profile.emailInvalid') }]}>
              <Input maxLength={200} showCount autoComplete="email" placeholder="nama@perusahaan.co.id" />
            </Form.Item>
            <Space className="form-actions">
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('crud.save')}
              </Button>
            </Space>
          </Form>
        </Card>
      </div>
    </div>
  );
}
