/** The document engine's public face for other modules: the type registry (and, once it lands, the engine's service). */
export * from './document-types.ts';
