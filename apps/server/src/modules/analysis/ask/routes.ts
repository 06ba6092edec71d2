import type { FastifyInstance } from 'fastify';
import { analysisAskEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { askQuestion } from './service.ts';

export function askRoutes(app: FastifyInstance) {
  registerEndpoint(app, ep.ask, ({ tx, principal, body }) => askQuestion(tx, principal, body));
}
