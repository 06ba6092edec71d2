import { resourceKeyOf } from '../../../api/query-keys.ts';
import { endpoints } from '@nusa/contracts';
/** Document templates in the query cache: the kit's list (cache name 'document-templates') and the number previews. */
export const TEMPLATES_KEY = resourceKeyOf(endpoints.listDocumentTemplates);
