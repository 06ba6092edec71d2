/** The document engine's public face for other modules: the type registry and the engine's service. */
export * from './document-types.ts';
export * from './service.ts';
