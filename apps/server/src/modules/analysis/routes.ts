import type { FastifyInstance } from 'fastify';
import { askRoutes } from './ask/routes.ts';
import { datasetEditRoutes } from './datasets/edit-routes.ts';
import { datasetRoutes } from './datasets/routes.ts';
import { datasetSourceRoutes } from './datasets/sources/routes.ts';
import { savedGraphRoutes } from './saved-graphs/routes.ts';

/** The AI sales analysis area (issue 13): datasets and their imports, and questions. */
export function analysisRoutes(app: FastifyInstance) {
  datasetRoutes(app);
  datasetSourceRoutes(app);
  datasetEditRoutes(app);
  askRoutes(app);
  savedGraphRoutes(app);
}
