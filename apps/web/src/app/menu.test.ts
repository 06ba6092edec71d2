import { describe, expect, it } from 'vitest';
import { AREAS, type AppRoute, type Area } from '@nusa/contracts';
import { buildMenu } from './menu.ts';
import { documentTitle } from './title.ts';

const areas: Area[] = [
  { key: 'analysis', path: '/analysis', titleKey: 'a', order: 5 },
  { key: 'dashboard', path: '/dashboard', titleKey: 'd', order: 1, alwaysShown: true },
  { key: 'service', path: '/service', titleKey: 's', order: 2 },
  { key: 'administration', path: '/administration', titleKey: 'm', order: 6 },
];
const routes = [
  { path: '/dashboard', titleKey: 'x', area: 'dashboard', tasks: [], inMenu: true },
  { path: '/service/fine-tuning', titleKey: 'x', area: 'service', tasks: ['viewFineTuning'], inMenu: true },
  { path: '/service/dataset', titleKey: 'x', area: 'service', tasks: ['viewDataset'], inMenu: true },
  { path: '/service/dataset/{id}', titleKey: 'x', area: 'service', tasks: ['viewDataset'] },
  { path: '/analysis/ai-insights', titleKey: 'x', area: 'analysis', tasks: ['viewAiInsightsSales'], inMenu: true },
  { path: '/administration/manage-leads', titleKey: 'x', area: 'administration', tasks: [], inMenu: true },
] as unknown as AppRoute[];

const shape = (tasks: string[]) => buildMenu(tasks, areas, routes).map((m) => `${m.area.key}:${m.routes.map((r) => r.path).join(',')}`);

describe('buildMenu', () => {
  it('sorts areas by order and hides areas whose tasks the user lacks', () => {
    expect(shape([])).toEqual(['dashboard:/dashboard', 'administration:/administration/manage-leads']);
    expect(shape(['viewDataset'])).toEqual(['dashboard:/dashboard', 'service:/service/dataset', 'administration:/administration/manage-leads']);
    expect(shape(['viewFineTuning', 'viewDataset', 'viewAiInsightsSales'])).toEqual([
      'dashboard:/dashboard',
      'service:/service/fine-tuning,/service/dataset',
      'analysis:/analysis/ai-insights',
      'administration:/administration/manage-leads',
    ]);
  });

  it('always shows the dashboard', () => {
    expect(buildMenu([], areas, []).map((m) => m.area.key)).toEqual(['dashboard']);
  });

  it('on the real table shows configuration only to holders of its tasks', () => {
    expect(buildMenu([], AREAS).map((m) => m.area.key)).toEqual(['dashboard']);
    expect(buildMenu(['viewConfig'], AREAS).map((m) => m.area.key)).toEqual(['dashboard', 'configuration']);
  });
});

describe('documentTitle', () => {
  it('joins product, section and page, showing a section equal to its page once', () => {
    expect(documentTitle('Nusa', 'Konfigurasi', 'Pengaturan Aplikasi')).toBe('Nusa | Konfigurasi | Pengaturan Aplikasi');
    expect(documentTitle('Nusa', 'Dasbor', 'Dasbor')).toBe('Nusa | Dasbor');
    expect(documentTitle('Nusa', undefined, 'Masuk')).toBe('Nusa | Masuk');
  });
});
