import { errorMessageKey } from '@nusa/contracts';
import { errorVars } from '../../../app/errors.ts';
import { textOfKey, type Translate } from '../../../i18n/keys.ts';

/**
 * The reason a row of an import was refused, in the reader's language only. A value that does not fit its column
 * (invalid_input_format) carries the rule in the server's English ('a whole number', 'Y or N'): the row's column is
 * already named beside the reason, so the text says so in the reader's words only.
 */
export function importReasonText(code: string, args: readonly (string | number)[], t: Translate, exists: (key: string) => boolean): string {
  if (code === 'invalid_input_format') return t('masterKit.importInvalidValue');
  const key = errorMessageKey(code);
  return exists(key) ? textOfKey(t, key, errorVars(args)) : code;
}
