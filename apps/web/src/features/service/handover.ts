import type { TFunction } from 'i18next';

const REASONS = ['low_confidence', 'out_of_scope', 'asked_for_person', 'ai_unavailable', 'intent_action', 'unknown_answer'] as const;
type Reason = (typeof REASONS)[number];

/** Why the bot handed a conversation over, in the user's language (an unknown reason shows as the server sent it). */
export const reasonText = (t: TFunction, reason: string) =>
  (REASONS as readonly string[]).includes(reason) ? t(`service.handover.${reason as Reason}`) : reason;
