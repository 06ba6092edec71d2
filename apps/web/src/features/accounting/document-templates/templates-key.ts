/** Document templates in the query cache: the kit's list (cache name 'document-templates') and the number previews. */
export const TEMPLATES_KEY = ['accounting', 'document-templates'] as const;
