import { Alert, Empty, Skeleton, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TASK_TREE, endpoints, type UserItem } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { FormDrawer } from '../../../app/components/FormDrawer.tsx';
import { useFormat } from '../../../app/use-format.ts';
import { TaskLabel } from '../access/TaskChecklist.tsx';
import { queryKeyOf } from '../../../api/query-keys.ts';

/** Every task a user holds, by area and page, each marked as coming from a role, from the user's own grants, or both. */
export function UserTasksDrawer({ user, onClose }: { user: UserItem; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { data } = useQuery({
    queryKey: queryKeyOf(endpoints.userTasks, user.userId),
    queryFn: ({ signal }) => call(endpoints.userTasks, { params: { userId: user.userId }, signal }),
    gcTime: 0,
  });
  const byTask = new Map(data?.tasks.map((x) => [x.task, x]) ?? []);
  const groups = TASK_TREE.map((area) => ({
    area,
    pages: area.pages.map((page) => ({ page, tasks: page.tasks.filter((task) => byTask.has(task)) })).filter((p) => p.tasks.length > 0),
  })).filter((g) => g.pages.length > 0);

  return (
    <FormDrawer title={t('configUser.tasksTitle', { name: user.username })} size={600} onClose={onClose}>
      {!data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : data.superAdmin ? (
        <Alert type="info" showIcon title={t('configUser.superAdminTasks')} />
      ) : groups.length === 0 ? (
        <Empty description={t('configUser.noTasks')} />
      ) : (
        <div className="user-tasks">
          <p className="muted-text">{t('configUser.tasksSummary', { value: f.number(data.tasks.length) })}</p>
          {groups.map(({ area, pages }) => (
            <section key={area.key} className="user-tasks__area">
              <h3>{t(`taskTree.area.${area.key}`)}</h3>
              {pages.map(({ page, tasks }) => (
                <div key={page.key} className="user-tasks__page">
                  <div className="user-tasks__page-name">{t(`taskTree.page.${page.key}`)}</div>
                  <ul>
                    {tasks.map((task) => {
                      const source = byTask.get(task)!;
                      return (
                        <li key={task}>
                          <TaskLabel task={task} />
                          <span className="user-tasks__sources">
                            {source.fromRole && <Tag color="blue">{t('configUser.fromRole')}</Tag>}
                            {source.fromUser && <Tag color="purple">{t('configUser.fromUser')}</Tag>}
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              ))}
            </section>
          ))}
        </div>
      )}
    </FormDrawer>
  );
}
