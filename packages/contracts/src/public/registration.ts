import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { LANGUAGES } from '../auth/session.ts';
import { contactPhone } from './demo-requests.ts';

/** Registration with a free trial: the first 100 transactions are free (spec 2). */
export const FREE_TRANSACTION_LIMIT = 100;

export const registrationInput = z.object({
  fullName: z.string().trim().min(1).max(100),
  email: z.email().max(200),
  phone: contactPhone,
  companyName: z.string().trim().min(2).max(100),
  /** NPWP; digits, dots and dashes. */
  taxId: z
    .string()
    .trim()
    .max(30)
    .regex(/^[0-9.-]*$/, 'digits, dots and dashes')
    .optional(),
  username: z.string().trim().min(1).max(50).regex(/^\S+$/, 'no spaces'),
  password: z.string().min(1).max(200),
  confirmPassword: z.string().min(1).max(200),
  language: z.enum(LANGUAGES).default('id'),
});
export type RegistrationInput = z.output<typeof registrationInput>;

export const PREPARATION_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type PreparationStatus = (typeof PREPARATION_STATUSES)[number];

export const preparationProgress = z.object({
  status: z.enum(PREPARATION_STATUSES),
  stepsDone: z.number().int(),
  stepsTotal: z.number().int(),
  steps: z.array(z.object({ name: z.string(), done: z.boolean() })),
  error: z.string().nullable(),
});
export type PreparationProgress = z.infer<typeof preparationProgress>;

export const freeTransactionStatus = z.object({
  trial: z.boolean(),
  used: z.number().int(),
  limit: z.number().int(),
  packagePaid: z.boolean(),
});

export const registrationEndpoints = {
  register: defineEndpoint({
    method: 'POST',
    path: '/v1/public/registrations',
    access: 'anonymous',
    summary: 'Register a company with a free trial: a new tenant, its admin user; account preparation runs as a job',
    body: registrationInput,
    response: z.object({ tenantCode: z.string(), username: z.string(), progress: preparationProgress }),
  }),
  registrationProgress: defineEndpoint({
    method: 'GET',
    path: '/v1/public/registrations/progress',
    access: 'public',
    summary: 'Account preparation progress of the tenant in X-Tenant (steps done/total, status)',
    response: preparationProgress,
  }),
  freeTransactions: defineEndpoint({
    method: 'GET',
    path: '/v1/onboarding/free-transactions',
    access: [],
    summary: 'The free-transaction counter of the current tenant',
    response: freeTransactionStatus,
  }),
};
