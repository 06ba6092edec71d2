import type { TestProject } from 'vitest/node';
import { startTestCluster } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startTestCluster();
  project.provide('pgServerUrl', cluster.serverUrl);
  return () => cluster.stop();
}
