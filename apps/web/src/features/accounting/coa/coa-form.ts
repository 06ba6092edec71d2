import type { CoaAccount, CoaAccountInput, CoaSign, CoaType } from '@nusa/contracts';

/** What the account dialog edits; sign and type left empty follow the group. */
export interface CoaFormValues {
  groupId?: string;
  mainAccountId?: string | null;
  coaCode: string;
  coaName: string;
  description?: string | null;
  sign?: CoaSign | null;
  type?: CoaType | null;
  detail: boolean;
  isDefault: boolean;
}

/** Where a new account goes: a group (a main account) or a main account (a sub account). */
export interface CoaPlacement {
  groupId?: string;
  mainAccountId?: string;
}

export function coaFormValues(account: CoaAccount | undefined, placement: CoaPlacement = {}): CoaFormValues {
  if (!account) {
    return {
      groupId: placement.groupId,
      mainAccountId: placement.mainAccountId ?? null,
      coaCode: '',
      coaName: '',
      description: '',
      sign: null,
      type: null,
      detail: false,
      isDefault: false,
    };
  }
  return {
    groupId: account.groupId,
    mainAccountId: account.mainAccountId,
    coaCode: account.coaCode,
    coaName: account.coaName,
    description: account.description ?? '',
    sign: account.sign,
    type: account.type,
    detail: account.detail === 'Y',
    isDefault: account.default === 'Y',
  };
}

const blankToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** The request body; the activity GL (not edited here) is carried over from the stored account. */
export function coaPayload(values: CoaFormValues, account?: CoaAccount): CoaAccountInput {
  return {
    coaCode: values.coaCode.trim(),
    coaName: values.coaName.trim(),
    description: blankToNull(values.description),
    groupId: values.groupId ?? '',
    mainAccountId: values.mainAccountId ?? null,
    sign: values.sign ?? undefined,
    type: values.type ?? undefined,
    detail: values.detail,
    isDefault: values.isDefault,
    activityGlCode: account?.activityGlCode ?? null,
    activityGlName: account?.activityGlName ?? null,
  };
}
