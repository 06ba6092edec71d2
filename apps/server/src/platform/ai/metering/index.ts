export { meteredCall, type MeteredCallOptions, type UsageOutcome } from './meter.ts';
export { startChatSession, endChatSession, type ChatSessionStart } from './sessions.ts';
export { claimQuotaUnit, monthQuota, DEFAULT_MONTHLY_REQUESTS, DEFAULT_MONTHLY_IMAGES, type MonthQuota, type QuotaKind } from './quota.ts';
export { meterLocalWork } from './local-work.ts';
