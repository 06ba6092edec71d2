import { useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Segmented, Skeleton, Space, Tag } from 'antd';
import { DeleteOutlined, SaveOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { actionLevel, endpoints, mayGrant } from '@nusa/contracts';
import { call } from '../../api/call.ts';
import { toast } from '../../app/feedback.tsx';
import { useHeldTasks } from '../../app/session.ts';
import { RolePicker } from '../../app/components/pickers/RolePicker.tsx';
import { UserPicker } from '../../app/components/pickers/UserPicker.tsx';
import './access/access.css';
import { TaskChecklist } from './access/TaskChecklist.tsx';
import { PageHeading } from '../../app/components/PageHeading.tsx';
import { useConfirmDanger } from '../../app/components/confirm-danger.ts';
import { queryKeyOf, resourceKeyOf } from '../../api/query-keys.ts';

type Kind = 'role' | 'user';

const sameTasks = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Configuration › Page access (spec 6): the tasks granted to a role or directly to a user. */
export default function PageAccessPage() {
  const { t } = useTranslation();
  const confirmDanger = useConfirmDanger();
  const level = actionLevel(useHeldTasks(), 'AksesHalaman');
  const [kind, setKind] = useState<Kind>('role');
  const [targetId, setTargetId] = useState<string | undefined>();
  const [dirty, setDirty] = useState(false);
  /** Leaving a target with unsaved ticks asks first. */
  const leave = (go: () => void) => {
    if (!dirty) return go();
    confirmDanger({
      title: t('pageAccess.discardTitle'),
      content: t('pageAccess.discardConfirm'),
      okText: t('pageAccess.undo'),
      onOk: () => {
        setDirty(false);
        go();
      },
    });
  };

  return (
    <div>
      <PageHeading title={t('page.pageAccess')} subtitle={t('pageAccess.description')} />
      <div className="section-stack">
        <Alert type="info" showIcon title={t('pageAccess.effectTitle')} description={t('pageAccess.effect')} />
        <Card className="section-card" title={t('pageAccess.target')}>
          <div className="access-target">
            <Segmented<Kind>
              value={kind}
              onChange={(k) =>
                leave(() => {
                  setKind(k);
                  setTargetId(undefined);
                })
              }
              options={[
                { value: 'role', label: t('pageAccess.byRole'), icon: <TeamOutlined /> },
                { value: 'user', label: t('pageAccess.byUser'), icon: <UserOutlined /> },
              ]}
            />
            <div className="access-target__pick">
              {kind === 'role' ? (
                <RolePicker<string | undefined>
                  key="role"
                  value={targetId}
                  onChange={(v) => leave(() => setTargetId(v))}
                  placeholder={t('pageAccess.pickRole')}
                  aria-label={t('pageAccess.pickRole')}
                />
              ) : (
                <UserPicker<string | undefined>
                  key="user"
                  value={targetId}
                  onChange={(v) => leave(() => setTargetId(v))}
                  placeholder={t('pageAccess.pickUser')}
                  aria-label={t('pageAccess.pickUser')}
                />
              )}
            </div>
          </div>
        </Card>
        {targetId ? (
          <Grants key={`${kind}/${targetId}`} kind={kind} id={targetId} level={level} onDirty={setDirty} />
        ) : (
          <Card className="section-card">
            <Empty description={t('pageAccess.pickFirst')} />
          </Card>
        )}
      </div>
    </div>
  );
}

function Grants({ kind, id, level, onDirty }: { kind: Kind; id: string; level: 'full' | 'edit' | 'view'; onDirty: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const confirmDanger = useConfirmDanger();
  const queryClient = useQueryClient();
  const heldTasks = useHeldTasks();
  const queryKey = queryKeyOf(endpoints.getPageAccess, kind, id);
  const granted = useQuery({
    queryKey,
    queryFn: ({ signal }) => call(endpoints.getPageAccess, { params: { kind, id }, signal }),
    staleTime: 0,
  });
  // The user's unsaved edit; undefined shows what the server holds.
  const [edited, setEdited] = useState<string[] | undefined>();
  const tasks = edited ?? granted.data?.tasks;

  const afterChange = (data: { tasks: string[] }) => {
    queryClient.setQueryData(queryKey, data);
    setEdited(undefined);
    // Role task counts and users' effective tasks shown elsewhere are now stale.
    void queryClient.invalidateQueries({ queryKey: resourceKeyOf(endpoints.listRoles) });
    void queryClient.invalidateQueries({ queryKey: resourceKeyOf(endpoints.listUsers) });
  };
  const save = useMutation({
    mutationFn: (list: string[]) => call(endpoints.setPageAccess, { params: { kind, id }, body: { tasks: list } }),
    onSuccess: (data) => {
      afterChange(data);
      toast.success(t('pageAccess.saved'));
    },
  });
  const clear = useMutation({
    mutationFn: () => call(endpoints.clearPageAccess, { params: { kind, id } }),
    onSuccess: (data) => {
      afterChange(data);
      toast.success(t('pageAccess.cleared'));
    },
  });

  const dirty = granted.data !== undefined && tasks !== undefined && !sameTasks(tasks, granted.data.tasks);
  useEffect(() => {
    onDirty(dirty);
  }, [dirty, onDirty]);
  useEffect(() => () => onDirty(false), [onDirty]);

  if (!granted.data || !tasks) {
    return (
      <Card className="section-card">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  const confirmClear = () =>
    confirmDanger({
      title: t('pageAccess.clearTitle'),
      content: t(kind === 'role' ? 'pageAccess.clearConfirmRole' : 'pageAccess.clearConfirmUser'),
      okText: t('pageAccess.clear'),
      onOk: () => clear.mutateAsync().catch(() => undefined),
    });

  return (
    <Card
      className="section-card"
      title={
        <Space>
          {kind === 'role' ? t('pageAccess.roleTasks') : t('pageAccess.userTasks')}
          {dirty && <Tag color="orange">{t('pageAccess.unsaved')}</Tag>}
        </Space>
      }
      extra={
        <Space wrap>
          {level === 'full' && (
            <Button danger icon={<DeleteOutlined />} disabled={granted.data.tasks.length === 0} loading={clear.isPending} onClick={confirmClear}>
              {t('pageAccess.clear')}
            </Button>
          )}
          {level !== 'view' && (
            <>
              <Button disabled={!dirty} onClick={() => setEdited(undefined)}>
                {t('pageAccess.undo')}
              </Button>
              <Button type="primary" icon={<SaveOutlined />} disabled={!dirty} loading={save.isPending} onClick={() => save.mutate(tasks)}>
                {t('listKit.save')}
              </Button>
            </>
          )}
        </Space>
      }
    >
      {kind === 'user' && <p className="muted-text access-note">{t('pageAccess.userNote')}</p>}
      <TaskChecklist value={tasks} onChange={setEdited} disabled={level === 'view'} grantable={(task) => mayGrant(heldTasks, task)} />
    </Card>
  );
}
