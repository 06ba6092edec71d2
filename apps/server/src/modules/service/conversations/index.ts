/**
 * The conversations' public face for the other service modules. The inbox (Messages for me) claims, replies and
 * closes on these rows, so it reads and updates the table itself.
 */
export * from './service.ts';
export { closeIdleEverywhere, idleConversationCloser } from './idle.ts';
export { agentNames } from './agent-names.ts';
export { serviceConversations, type ConversationStatus } from './schema.ts';
export { responseTimesOf, responseTimesSummary } from './metrics.ts';
export { conversationMatches } from './search.ts';
