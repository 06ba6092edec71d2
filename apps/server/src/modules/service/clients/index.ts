/**
 * The clients module's tables that the other service parts reference (their rows belong to a client, the inbox reads
 * a client's agents), and its service.
 */
export { serviceAgents, serviceClients } from './schema.ts';
export * from './service.ts';
