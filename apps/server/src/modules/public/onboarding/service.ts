/** What other modules may use of onboarding: the free trial's transaction counter and the paid-package flag. */
export * from './free-transactions.ts';
