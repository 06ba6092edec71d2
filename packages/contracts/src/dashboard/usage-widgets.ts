import type { Task } from '../tasks.ts';

/* In a module without zod: the dashboard's first load reads the widgets' tasks, not the usage answer's schemas. */

/** Each widget and the task that shows it (spec 6). */
export const USAGE_WIDGETS = {
  sessionsPerModel: 'viewSessionChatPerModel',
  costPerModel: 'viewCostUsagePerModel',
  chatCount: 'viewCountChat',
  newCustomers: 'viewAccumulationNewCustomer',
  dailyChatDuration: 'viewDailyDurationChat',
  monthlyChatDuration: 'viewMonthlyDurationChat',
  imageCount: 'viewCountUsageGenerateImage',
  imageCost: 'viewCostUsageGenerateImage',
  quota: 'viewChatQuotaRequest',
  requests: 'viewMonthlyDailyRequest',
} as const satisfies Record<string, Task>;
export type UsageWidget = keyof typeof USAGE_WIDGETS;
export const USAGE_WIDGET_KEYS = Object.keys(USAGE_WIDGETS) as UsageWidget[];
