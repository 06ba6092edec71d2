import { describe, expect, it } from 'vitest';
import type { PreparationProgress } from '@nusa/contracts';
import { fieldOfUsedTrial, preparationState } from './trial.ts';

const progress = (status: PreparationProgress['status'], done: string[]): PreparationProgress => {
  const names = ['roles', 'company-unit', 'chart-of-accounts', 'welcome-mail'];
  const steps = names.map((name) => ({ name, done: done.includes(name) }));
  return { status, stepsDone: done.length, stepsTotal: names.length, steps, error: status === 'FAILED' ? 'boom' : null };
};

describe('preparationState', () => {
  it('starts at zero with the first step running, asking again every second', () => {
    expect(preparationState(progress('QUEUED', []))).toEqual({ percent: 0, current: 'roles', finished: false, failed: false, pollMs: 1000 });
  });

  it('follows the steps done', () => {
    expect(preparationState(progress('RUNNING', ['roles', 'company-unit', 'chart-of-accounts']))).toMatchObject({ percent: 75, current: 'welcome-mail' });
  });

  it('stops asking when done', () => {
    expect(preparationState(progress('DONE', ['roles', 'company-unit', 'chart-of-accounts', 'welcome-mail']))).toEqual({
      percent: 100,
      current: undefined,
      finished: true,
      failed: false,
      pollMs: false,
    });
  });

  it('asks slowly after a failure (the job is retried)', () => {
    expect(preparationState(progress('FAILED', ['roles']))).toMatchObject({ percent: 25, current: 'company-unit', failed: true, pollMs: 5000 });
  });

  it('has no division by zero without steps', () => {
    expect(preparationState({ status: 'RUNNING', stepsDone: 0, stepsTotal: 0, steps: [], error: null }).percent).toBe(0);
  });
});

describe('fieldOfUsedTrial', () => {
  const values = { email: 'Budi@Example.com', companyName: 'PT Maju Jaya', taxId: '01.234.567.8-901.000' };
  it.each([
    ['budi@example.com', 'email'],
    ['01.234.567.8-901.000', 'taxId'],
    ['PT Maju Jaya', 'companyName'],
    ['maju jaya tbk', 'companyName'],
  ] as const)('%s → %s', (used, field) => {
    expect(fieldOfUsedTrial(used, values)).toBe(field);
  });

  it('does not blame an empty tax id', () => {
    expect(fieldOfUsedTrial('', { email: 'a@b.co', companyName: 'X', taxId: '' })).toBe('companyName');
  });
});
