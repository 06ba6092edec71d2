import { z } from 'zod';

/** A label as a conversation shows it (issue 24). */
export const conversationLabel = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type ConversationLabel = z.infer<typeof conversationLabel>;

/**
 * How fast a conversation was served (issue 24), from its messages: the bot's time from the customer's first message
 * to its first hand-over, and the agents' first response, from that hand-over to the first agent reply after it.
 * Seconds; null when that has not happened (never handed over, or no agent has replied yet).
 */
export const responseTimes = z.object({
  firstCustomerAt: z.string().nullable(),
  handedOverAt: z.string().nullable(),
  firstAgentReplyAt: z.string().nullable(),
  handoverSeconds: z.number().nullable(),
  firstResponseSeconds: z.number().nullable(),
});
export type ResponseTimes = z.infer<typeof responseTimes>;
