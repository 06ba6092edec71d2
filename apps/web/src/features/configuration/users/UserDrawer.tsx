import { useMemo } from 'react';
import { Form, Input } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PASSWORD_REFUSALS, USERNAME_PATTERN, endpoints, passwordProblems, type UserItem } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { FormDrawer } from '../../../app/components/FormDrawer.tsx';
import { describeError, reportError, toast } from '../../../app/feedback.tsx';
import { fieldOfError, type FieldPath } from '../../../app/server-errors.ts';
import { RolePicker } from '../../../app/components/pickers/RolePicker.tsx';
import { usePasswordPolicy } from './password-policy.ts';
import { passwordLengthRule } from '../../../app/password-length.ts';
import { errorKey } from '../../../i18n/keys.ts';
import { resourceKeyOf } from '../../../api/query-keys.ts';

const LIMITS = { username: 50, fullName: 100, email: 200, password: 200 } as const;

/** Refusals about one field of the form: shown under it (as the master-record forms do), not as a toast. */
const ERROR_FIELDS: Partial<Record<string, FieldPath>> = {
  username_already_exists: 'username',
  ...Object.fromEntries(PASSWORD_REFUSALS.map((code) => [code, 'password' as const])),
  password_mismatch: 'confirmPassword',
  role_not_found: 'roleId',
};
const FORM_FIELDS = ['username', 'fullName', 'email', 'roleId', 'extraRoleIds', 'password', 'confirmPassword'] as const;

interface UserForm {
  username: string;
  fullName: string;
  email: string;
  roleId: string;
  extraRoleIds: string[];
  password: string;
  confirmPassword: string;
}

export type UserEditing = { mode: 'create' } | { mode: 'edit'; user: UserItem };

/** Adds a user (username, password) or edits one (name, e-mail, roles); the username never changes. */
export function UserDrawer({ editing, onClose }: { editing: UserEditing; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UserForm>();
  const policy = usePasswordPolicy();
  const user = editing.mode === 'edit' ? editing.user : undefined;
  const roleId = Form.useWatch('roleId', form);
  const save = useMutation({
    mutationFn: (v: UserForm) => {
      const common = { fullName: v.fullName.trim(), email: v.email?.trim() ? v.email.trim() : null, roleId: v.roleId, extraRoleIds: v.extraRoleIds ?? [] };
      return user
        ? call(endpoints.updateUser, { params: { userId: user.userId }, body: common })
        : call(endpoints.createUser, { body: { ...common, username: v.username.trim(), password: v.password, confirmPassword: v.confirmPassword } });
    },
    meta: { silent: true },
    onSuccess: (saved) => {
      toast.success(t(user ? 'configUser.updated' : 'configUser.created', { name: saved.username }));
      void queryClient.invalidateQueries({ queryKey: resourceKeyOf(endpoints.listUsers) });
      onClose();
    },
    onError: (err) => {
      const field = fieldOfError(err, { codeField: 'username', byCode: ERROR_FIELDS, fields: FORM_FIELDS });
      if (field === undefined) return reportError(err);
      form.setFields([{ name: field as never, errors: [describeError(err)] }]);
      form.scrollToField(field as never);
    },
  });
  const knownRoles = useMemo(
    () => (user ? Object.fromEntries([[user.roleId, user.roleName], ...user.extraRoles.map((r) => [r.roleId, r.roleName])]) : {}),
    [user],
  );
  const required = (label: string) => ({ required: true, whitespace: true, message: t('validation.required', { label }) });

  return (
    <FormDrawer
      title={user ? t('configUser.editTitle', { name: user.username }) : t('configUser.add')}
      onClose={onClose}
      save={{ label: t('listKit.save'), pending: save.isPending, onSave: () => form.submit() }}
    >
      <Form<UserForm>
        form={form}
        layout="vertical"
        initialValues={
          user
            ? {
                username: user.username,
                fullName: user.fullName,
                email: user.email ?? '',
                roleId: user.roleId,
                extraRoleIds: user.extraRoles.map((r) => r.roleId),
              }
            : { extraRoleIds: [] }
        }
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="username"
          label={t('configUser.username')}
          extra={user ? undefined : t('configUser.usernameHint')}
          rules={user ? [] : [required(t('configUser.username')), { pattern: USERNAME_PATTERN, message: t('configUser.usernamePattern') }]}
        >
          <Input maxLength={LIMITS.username} showCount={!user} disabled={!!user} autoFocus={!user} autoComplete="off" />
        </Form.Item>
        <Form.Item name="fullName" label={t('configUser.fullName')} rules={[required(t('configUser.fullName'))]}>
          <Input maxLength={LIMITS.fullName} showCount autoFocus={!!user} />
        </Form.Item>
        <Form.Item name="email" label={t('configUser.email')} rules={[{ type: 'email', message: t('configUser.emailInvalid') }]}>
          <Input maxLength={LIMITS.email} showCount type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item name="roleId" label={t('configUser.role')} rules={[{ required: true, message: t('validation.required', { label: t('configUser.role') }) }]}>
          <RolePicker<string | undefined> knownLabels={knownRoles} allowClear={false} placeholder={t('configUser.rolePlaceholder')} />
        </Form.Item>
        <Form.Item name="extraRoleIds" label={t('configUser.extraRoles')} extra={t('configUser.extraRolesHint')}>
          <RolePicker<string[]> multiple knownLabels={knownRoles} exclude={roleId ? [roleId] : []} placeholder={t('configUser.extraRolesPlaceholder')} />
        </Form.Item>
        {!user && (
          <>
            <Form.Item
              name="password"
              label={t('configUser.password')}
              rules={[
                { required: true, message: t('validation.required', { label: t('configUser.password') }) },
                {
                  validator: async (_: unknown, value: string | undefined) => {
                    if (!value) return;
                    const problems = passwordProblems(policy, value);
                    if (problems.length) throw new Error(problems.map((p) => t(errorKey(p.code), { 0: p.args[0] })).join(' · '));
                  },
                },
              ]}
              extra={passwordLengthRule(t, policy.minLength)}
            >
              <Input.Password maxLength={LIMITS.password} autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label={t('configUser.confirmPassword')}
              dependencies={['password']}
              rules={[
                { required: true, message: t('validation.required', { label: t('configUser.confirmPassword') }) },
                ({ getFieldValue }) => ({
                  validator: async (_: unknown, value: string | undefined) => {
                    if (value && value !== getFieldValue('password')) throw new Error(t('error.password_mismatch'));
                  },
                }),
              ]}
            >
              <Input.Password maxLength={LIMITS.password} autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}
