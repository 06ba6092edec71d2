/** Document templates and their previews in the query cache. */
export const TEMPLATES_KEY = ['erp', 'document-templates'] as const;
