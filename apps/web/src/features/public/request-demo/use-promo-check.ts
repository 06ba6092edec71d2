import { useCallback, useRef, useState } from 'react';
import { endpoints, type CompanySize, type LeadChannel, type LeadPackage } from '@nusa/contracts';
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
  | { kind: 'invalid'; code: string; pkg: LeadPackage; size: CompanySize; error: unknown };

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
 * Checks promo codes on the server (promo_not_found, not_active, expired, channel_not_eligible,
 * segment_not_eligible). Only the answer to the latest check counts; a code already valid (or being checked) for
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

  const check = useCallback(async (input: PromoInput) => {
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
      const quote = await call(endpoints.checkPromoCode, { body: { code, package: input.pkg, companySize: input.size, channel: input.channel } });
      if (ticket === latest.current) setState({ kind: 'valid', code, pkg: input.pkg, size: input.size, quote });
    } catch (error) {
      if (ticket === latest.current) setState({ kind: 'invalid', code, pkg: input.pkg, size: input.size, error });
    }
  }, [setState]);

  /** The visitor typed: an earlier answer no longer applies to the field. */
  const reset = useCallback(() => {
    latest.current++;
    setState({ kind: 'none' });
  }, [setState]);

  /** The server refused the code when the request was sent. */
  const refuse = useCallback((input: PromoInput, error: unknown) => {
    latest.current++;
    setState({ kind: 'invalid', code: input.code.trim(), pkg: input.pkg, size: input.size, error });
  }, [setState]);

  return { state, check, reset, refuse };
}
