import './access.css';
import { useMemo, useState } from 'react';
import { Button, Checkbox, Collapse, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TASK_TREE, type TaskTreeArea } from '@nusa/contracts';
import { useFormat } from '../../../app/use-format.ts';
import { taskVariant } from './task-labels.ts';

const tasksOfArea = (area: TaskTreeArea) => area.pages.flatMap((p) => p.tasks as readonly string[]);

export function TaskLabel({ task }: { task: string }) {
  const { t } = useTranslation();
  const variant = taskVariant(task);
  return (
    <span className="task-label">
      {variant && <span className="task-label__variant">{t(`taskTree.variant.${variant}`)}</span>}
      <Typography.Text type="secondary" className="task-label__code">
        {task}
      </Typography.Text>
    </span>
  );
}

interface TaskChecklistProps {
  value?: string[];
  onChange?: (tasks: string[]) => void;
  disabled?: boolean;
  id?: string;
  /**
   * Whether the editor may tick `task` (issue 9: nobody grants a task they do not hold). Others stay greyed out
   * unless already ticked, so they can still be removed. Absent: every task may be ticked.
   */
  grantable?: (task: string) => boolean;
}

/** The page-access tree of spec 6 with checkboxes: area → page → its task variants. */
export function TaskChecklist({ value = [], onChange, disabled = false, id, grantable }: TaskChecklistProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const held = useMemo(() => new Set(value), [value]);
  const locked = (task: string) => !held.has(task) && grantable !== undefined && !grantable(task);
  const [open, setOpen] = useState<string[]>(() => TASK_TREE.filter((a) => tasksOfArea(a).some((task) => held.has(task))).map((a) => a.key));

  const setMany = (tasks: readonly string[], on: boolean) => {
    const next = new Set(held);
    for (const task of tasks) {
      if (on && !locked(task)) next.add(task);
      else if (!on) next.delete(task);
    }
    // Keep the tree's order so saved lists read naturally.
    onChange?.(TASK_TREE.flatMap(tasksOfArea).filter((task) => next.has(task)));
  };

  const groupBox = (tasks: readonly string[], label: string) => {
    const count = tasks.filter((task) => held.has(task)).length;
    return (
      <Checkbox
        checked={count === tasks.length}
        indeterminate={count > 0 && count < tasks.length}
        disabled={disabled || tasks.every(locked)}
        onChange={(e) => setMany(tasks, e.target.checked)}
        onClick={(e) => e.stopPropagation()}
        aria-label={label}
      />
    );
  };

  return (
    <div className="task-checklist" id={id}>
      <Space className="task-checklist__tools" wrap>
        <Button size="small" onClick={() => setOpen(TASK_TREE.map((a) => a.key))}>
          {t('taskTree.expandAll')}
        </Button>
        <Button size="small" onClick={() => setOpen([])}>
          {t('taskTree.collapseAll')}
        </Button>
        <Typography.Text type="secondary">{t('taskTree.selected', { value: f.number(value.length) })}</Typography.Text>
      </Space>
      <Collapse
        activeKey={open}
        onChange={(keys) => setOpen(Array.isArray(keys) ? keys : [keys])}
        items={TASK_TREE.map((area) => {
          const tasks = tasksOfArea(area);
          const count = tasks.filter((task) => held.has(task)).length;
          const areaName = t(`taskTree.area.${area.key}`);
          return {
            key: area.key,
            label: (
              <span className="task-checklist__area">
                {groupBox(tasks, t('taskTree.selectArea', { name: areaName }))}
                <span className="task-checklist__area-name">{areaName}</span>
                <Tag color={count ? 'blue' : undefined}>
                  {count}/{tasks.length}
                </Tag>
              </span>
            ),
            children: (
              <div className="task-checklist__pages">
                {area.pages.map((page) => {
                  const pageName = t(`taskTree.page.${page.key}`);
                  return (
                    <div className="task-checklist__page" key={page.key} role="group" aria-label={pageName}>
                      <div className="task-checklist__page-name">
                        {page.tasks.length > 1 && groupBox(page.tasks, t('taskTree.selectPage', { name: pageName }))}
                        <span>{pageName}</span>
                      </div>
                      <div className="task-checklist__tasks">
                        {page.tasks.map((task) => (
                          <Checkbox key={task} checked={held.has(task)} disabled={disabled || locked(task)} onChange={(e) => setMany([task], e.target.checked)}>
                            <TaskLabel task={task} />
                          </Checkbox>
                        ))}
                      </div>
                    </div>
                  );
                })}
              </div>
            ),
          };
        })}
      />
    </div>
  );
}
