import { useCallback, useRef, useState } from 'react';
import { endpoints, type CompanySize, type LeadChannel, type LeadPackage, type PromoRefusal } from '@nusa/contracts';
import { call } from '../../../api/call.ts';

export interface PromoQuote {
  code: string;
  price: string;
  discount: string;
  amount: string;
}

/** The promo code as last checked on the server: for which package and company size, and the answer. */
export type PromoState =
  | { kind: 'none' }
  | { kind: 'checking'; code: string; pkg: LeadPackage; size: CompanySize }
  | { kind: 'valid'; code: string; pkg: LeadPackage; size: CompanySize; quote: PromoQuote }
  | { kind: 'invalid'; code: string; pkg: LeadPackage; size: CompanySize; reason: PromoRefusal }
  | { kind: 'failed'; code: string; pkg: LeadPackage; size: CompanySize; error: unknown }
  /** A code typed before the company size was chosen: its eligibility depends on the size. */
  | { kind: 'needs-size'; code: string };

export interface PromoInput {
  code: string;
  pkg: LeadPackage;
  size: CompanySize;
  channel: LeadChannel;
}

/** Asked already (or being asked) for the same code, package and size. */
const settled = (state: PromoState, input: PromoInput) =>
  (state.kind === 'valid' || state.kind === 'checking') && state.code === input.code && state.pkg === input.pkg && state.size === input.size;

/**
 * Checks promo codes on the server, which answers a verdict (valid, or why not: promo_not_found, not_active, expired,
 * channel_not_eligible, segment_not_eligible) rather than an error status. Only the answer to the latest check counts; a code already valid (or being checked) for
 * the same package and size is not asked again: leaving the field and pressing apply make one call.
 */
export function usePromoCheck() {
  const [state, setStateNow] = useState<PromoState>({ kind: 'none' });
  const current = useRef(state);
  const latest = useRef(0);
  const setState = useCallback((next: PromoState) => {
    current.current = next;
    setStateNow(next);
  }, []);

  const check = useCallback(
    async (input: PromoInput) => {
      const code = input.code.trim();
      if (!code) {
        latest.current++;
        setState({ kind: 'none' });
        return;
      }
      if (settled(current.current, { ...input, code })) return;
      setState({ kind: 'checking', code, pkg: input.pkg, size: input.size });
      const ticket = ++latest.current;
      try {
        const verdict = await call(endpoints.checkPromoCode, { body: { code, package: input.pkg, companySize: input.size, channel: input.channel } });
        if (ticket !== latest.current) return;
        if (verdict.valid) setState({ kind: 'valid', code, pkg: input.pkg, size: input.size, quote: verdict });
        else setState({ kind: 'invalid', code, pkg: input.pkg, size: input.size, reason: verdict.reason });
      } catch (error) {
        if (ticket === latest.current) setState({ kind: 'failed', code, pkg: input.pkg, size: input.size, error });
      }
    },
    [setState],
  );

  /** The visitor typed: an earlier answer no longer applies to the field. */
  const reset = useCallback(() => {
    latest.current++;
    setState({ kind: 'none' });
  }, [setState]);

  /** The server refused the code when the request was sent. */
  const refuse = useCallback(
    (input: PromoInput, reason: PromoRefusal) => {
      latest.current++;
      setState({ kind: 'invalid', code: input.code.trim(), pkg: input.pkg, size: input.size, reason });
    },
    [setState],
  );

  /** A code to check, but no company size yet: said under the field. */
  const needSize = useCallback(
    (code: string) => {
      latest.current++;
      setState({ kind: 'needs-size', code: code.trim() });
    },
    [setState],
  );

  return { state, check, reset, refuse, needSize };
}
