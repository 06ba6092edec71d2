import { describe, expect, it } from 'vitest';
import { TASK_TREE } from '@nusa/contracts';
import { messages } from '../../../i18n/resources.ts';
import { taskVariant } from './task-labels.ts';

type Tree = { [key: string]: string | Tree };
const group = (lang: 'id' | 'en', name: string) => ((messages[lang] as unknown as Tree).taskTree as Tree)[name] as Tree;

describe('task tree labels', () => {
  it('reads the variant from the task name', () => {
    expect(taskVariant('writeAllConfigUser')).toBe('writeAll');
    expect(taskVariant('createEditErpCoa')).toBe('createEdit');
    expect(taskVariant('readOnlyAksesHalaman')).toBe('readOnly');
    expect(taskVariant('viewConfig')).toBe('view');
    expect(taskVariant('editIntegrate')).toBe('edit');
    expect(taskVariant('sendChatForMe')).toBe('send');
    expect(taskVariant('managePasswordPolicy')).toBe('manage');
    // A prefix must end at a capital: "viewer" is not a view task.
    expect(taskVariant('viewer')).toBeUndefined();
  });

  it('labels every task, page and area of the tree in both languages', () => {
    for (const lang of ['id', 'en'] as const) {
      const areas = group(lang, 'area');
      const pages = group(lang, 'page');
      const variants = group(lang, 'variant');
      for (const area of TASK_TREE) {
        expect(areas[area.key], `${lang} area ${area.key}`).toBeTypeOf('string');
        for (const page of area.pages) {
          expect(pages[page.key], `${lang} page ${page.key}`).toBeTypeOf('string');
          for (const task of page.tasks) {
            const variant = taskVariant(task);
            expect(variant, task).toBeDefined();
            expect(variants[variant!], `${lang} variant ${variant}`).toBeTypeOf('string');
          }
        }
      }
    }
  });
});
