import { useState } from 'react';
import { type MenuProps } from 'antd';
import { DeleteOutlined, KeyOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type ActionLevel, type UserItem } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { useConfirmDanger } from '../../../app/components/confirm-danger.ts';
import { resourceKeyOf } from '../../../api/query-keys.ts';

export const USERS_QUERY_KEY = resourceKeyOf(endpoints.listUsers);

/**
 * What a row of the user list can do, each after a confirmation: (de)activate, reset the password (the new one is
 * shown once), delete, and open the user's tasks.
 */
export function useUserActions(level: ActionLevel) {
  const { t } = useTranslation();
  const confirmDanger = useConfirmDanger();
  const queryClient = useQueryClient();
  const [tasksOf, setTasksOf] = useState<UserItem | null>(null);
  const [newPassword, setNewPassword] = useState<{ user: UserItem; password: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });

  const setUserActive = useMutation({
    mutationFn: ({ user, value }: { user: UserItem; value: 'Y' | 'N' }) =>
      call(endpoints.setUserActive, { params: { userId: user.userId }, body: { active: value } }),
    onSuccess: (user) => {
      toast.success(t(user.active === 'Y' ? 'configUser.activated' : 'configUser.deactivated', { name: user.username }));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (user: UserItem) => call(endpoints.deleteUser, { params: { userId: user.userId } }),
    onSuccess: (_d, user) => {
      toast.success(t('configUser.deleted', { name: user.username }));
      void refresh();
    },
  });
  const resetPassword = useMutation({
    mutationFn: (user: UserItem) => call(endpoints.resetUserPassword, { params: { userId: user.userId } }),
    onSuccess: ({ password }, user) => setNewPassword({ user, password }),
  });

  const confirm = (title: string, content: string, okText: string, onOk: () => Promise<unknown>, danger = true) =>
    confirmDanger({
      title,
      content,
      okText,
      danger,
      onOk: () => onOk().catch(() => undefined),
    });

  const toggleActive = (user: UserItem, on: boolean) =>
    confirm(
      on ? t('configUser.activateTitle') : t('configUser.deactivateTitle'),
      on ? t('configUser.activateConfirm', { name: user.username }) : t('configUser.deactivateConfirm', { name: user.username }),
      on ? t('configUser.activate') : t('configUser.deactivate'),
      () => setUserActive.mutateAsync({ user, value: on ? 'Y' : 'N' }),
      !on,
    );

  const rowMenu = (user: UserItem): MenuProps => ({
    items: [
      { key: 'tasks', icon: <SafetyCertificateOutlined />, label: t('configUser.viewTasks') },
      ...(level === 'full'
        ? [
            { key: 'reset', icon: <KeyOutlined />, label: t('configUser.resetPassword') },
            { type: 'divider' as const },
            { key: 'delete', icon: <DeleteOutlined />, label: t('listKit.delete'), danger: true },
          ]
        : []),
    ],
    onClick: ({ key }) => {
      if (key === 'tasks') setTasksOf(user);
      if (key === 'reset')
        confirm(t('configUser.resetTitle'), t('configUser.resetConfirm', { name: user.username }), t('configUser.resetPassword'), () =>
          resetPassword.mutateAsync(user),
        );
      if (key === 'delete')
        confirm(t('configUser.deleteTitle'), t('configUser.deleteConfirm', { name: user.username }), t('listKit.delete'), () => remove.mutateAsync(user));
    },
  });

  return { toggleActive, rowMenu, tasksOf, closeTasks: () => setTasksOf(null), newPassword, closeNewPassword: () => setNewPassword(null) };
}
