import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/**
 * Whether `password` is on the list of common and breached passwords the product ships: zxcvbn's 49,233 most
 * frequent passwords of public breach corpora (npm @zxcvbn-ts/language-common, MIT), all lower-case, so the check
 * ignores case ("Password1" is "password1"). The set is built on the first check (a few milliseconds).
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}
