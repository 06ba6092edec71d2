import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../../../platform/db/tenant.ts';
import { countries, currencies, exchangeRates } from './schema.ts';

/**
 * Reference data every tenant starts with (the demo and a trial's account preparation): the usual currencies with IDR
 * as the book currency, and Indonesia with its main trading partners. Returns currency ids by code.
 */
export async function seedReferenceCurrencies(tx: Tx, tenantId: string): Promise<Map<string, string>> {
  const list = [
    ['IDR', 'Rupiah Indonesia', 'Rp', 2, true],
    ['USD', 'Dolar Amerika Serikat', 'US$', 2, false],
    ['SGD', 'Dolar Singapura', 'S$', 2, false],
    ['EUR', 'Euro', '€', 2, false],
    ['JPY', 'Yen Jepang', '¥', 0, false],
    ['CNY', 'Yuan Tiongkok', 'CN¥', 2, false],
    ['MYR', 'Ringgit Malaysia', 'RM', 2, false],
    ['AUD', 'Dolar Australia', 'A$', 2, false],
  ] as const;
  const ids = new Map<string, string>();
  for (const [code, name, symbol, decimals, isBook] of list) {
    const id = uuidv7();
    ids.set(code, id);
    await tx.insert(currencies).values({ tenantId, id, code, name, symbol, decimals, isBook });
  }
  const countryList = [
    ['ID', 'Indonesia'],
    ['SG', 'Singapura'],
    ['MY', 'Malaysia'],
    ['CN', 'Tiongkok'],
    ['JP', 'Jepang'],
    ['US', 'Amerika Serikat'],
    ['AU', 'Australia'],
    ['TH', 'Thailand'],
    ['VN', 'Vietnam'],
    ['KR', 'Korea Selatan'],
    ['IN', 'India'],
    ['NL', 'Belanda'],
  ] as const;
  for (const [code, name] of countryList) await tx.insert(countries).values({ tenantId, id: uuidv7(), code, name });
  return ids;
}

/** The demo's sample rates to IDR on the first of November 2026 and on the latest business day (a trial records its own). */
export async function seedSampleExchangeRates(tx: Tx, tenantId: string, ids: Map<string, string>): Promise<void> {
  const rates = [
    ['USD', '16180', '16250'],
    ['SGD', '12040.5', '12105.5'],
    ['EUR', '17395.75', '17480.25'],
    ['JPY', '105.9', '106.75'],
    ['CNY', '2238.4', '2245.1'],
    ['MYR', '3625.3', '3640.8'],
    ['AUD', '10475', '10530'],
  ] as const;
  for (const [code, first, latest] of rates) {
    for (const [rateDate, rate] of [
      ['2026-11-01', first],
      ['2026-11-20', latest],
    ] as const) {
      await tx.insert(exchangeRates).values({ tenantId, id: uuidv7(), fromCurrencyId: ids.get(code)!, toCurrencyId: ids.get('IDR')!, rateDate, rate });
    }
  }
}
