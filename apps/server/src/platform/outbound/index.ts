import type { AllowEntry } from './address.ts';
import { createOutboundFetch } from './fetch.ts';

export { addressAllowed, isPublicAddress, parseAllowList, type AllowEntry } from './address.ts';
export { createOutboundFetch, type Resolver } from './fetch.ts';

interface WarnLog {
  warn(details: object, message: string): void;
}

let allowList: readonly AllowEntry[] = [];
let log: WarnLog | undefined;

/**
 * The install's outbound policy, set once when the app is built (OUTBOUND_ALLOW_HOSTS) so that clients reached from
 * requests and jobs alike use it without passing the configuration around; until then nothing private is allowed.
 */
export function useOutboundPolicy(policy: { allow: readonly AllowEntry[]; log?: WarnLog }): void {
  allowList = policy.allow;
  log = policy.log;
}

/** The fetch of every client whose address comes from settings (AI providers, channels, Google Sheets, the payment gateway). */
export const outboundFetch: typeof fetch = createOutboundFetch({ allow: () => allowList });

/**
 * Records what a remote service answered to a failed call (its body may hold anything the address served, so it goes
 * to the log, never into the error the caller sees).
 */
export function logUpstreamFailure(service: string, details: { status?: number; url?: string; body?: string; error?: string }): void {
  log?.warn({ service, ...details, body: details.body?.slice(0, 2000) }, `${service}: the remote service's call failed`);
}
