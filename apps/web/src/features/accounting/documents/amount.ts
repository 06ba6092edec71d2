import { formatDecimalId } from '../../../app/decimal.ts';

/** An amount of a document as the screens show it: id-ID digits with cents when it has them, after its currency code. */
export const formatAmount = (value: string, currencyCode = 'IDR') => `${currencyCode === 'IDR' ? 'Rp' : currencyCode} ${formatDecimalId(value, true)}`;
