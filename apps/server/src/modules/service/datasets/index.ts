/** The datasets module's public surface: its service, and the seed of a ready dataset. */
export * from './service.ts';
export { seedDataset } from './seed.ts';
export type { DatasetAttribute, ItemValues } from './schema.ts';
