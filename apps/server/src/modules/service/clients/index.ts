/**
 * The client tables for the other service modules' schemas and the inbox (which reads and sets the agents' rows:
 * presence, limits). Only the schema: the client service imports those modules, and re-exporting it here would
 * make their schemas import themselves in a circle.
 */
export { serviceAgents, serviceClients, type WorkingHours } from './schema.ts';
