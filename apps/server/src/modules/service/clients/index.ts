/**
 * The clients module's tables that the other service parts reference: their rows belong to a client (foreign keys),
 * and the inbox reads a client's agents. Only tables here, so that a schema importing this loads no service code.
 */
export { serviceAgents, serviceClients } from './schema.ts';
