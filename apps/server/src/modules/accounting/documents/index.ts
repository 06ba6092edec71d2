/**
 * The document engine's public face for other modules: the engine's service, the type registry, the shared document
 * endpoints, and the kit a type's definition is made of (decision 016).
 */
export * from './document-types.ts';
export * from './service.ts';
export { documentRoutes } from './routes.ts';
export { createOfType, updateOfType, deleteOfType, getOfType, listOfType, exportOfType, pdfOfType } from './type-service.ts';
export { printColumns, type PrintColumn, type PrintLayout } from './print-parts.ts';
export { assertPostableAccounts } from './postable.ts';
export { accountLine } from './account-line.ts';
