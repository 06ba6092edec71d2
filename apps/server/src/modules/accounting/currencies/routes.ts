import type { FastifyInstance } from 'fastify';
import { currencyEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { registerSheetImports } from '../../../platform/files/sheet-route.ts';
import { sendXlsx } from '../../../platform/records/xlsx-reply.ts';
import * as currencies from './service.ts';
import * as rates from './exchange-rates.ts';
import * as countries from './countries.ts';
import { importCountries, importCurrencies, importExchangeRates } from './import.ts';

const ok = { ok: true as const };

export interface CurrencyRouteOptions {
  /** Checks of other modules whose records use a currency (cash banks ...): deleting it is refused while one answers. */
  currencyUsers?: currencies.InUse[];
  countryUsers?: currencies.InUse[];
}

export function currencyRoutes(app: FastifyInstance, options: CurrencyRouteOptions = {}) {
  registerEndpoint(app, ep.listCurrencies, ({ tx, query }) => currencies.listCurrencies(tx, query));
  registerEndpoint(app, ep.exportCurrencies, async ({ tx, query, reply }) =>
    sendXlsx(reply, 'currencies', await currencies.exportCurrencies(tx, query.keyword, query.lang, query.sort)),
  );
  registerEndpoint(app, ep.getCurrency, ({ tx, params }) => currencies.getCurrency(tx, params.currencyId));
  registerEndpoint(app, ep.createCurrency, ({ tx, principal, body }) => currencies.createCurrency(tx, principal, body));
  registerEndpoint(app, ep.updateCurrency, ({ tx, principal, params, body }) => currencies.updateCurrency(tx, principal, params.currencyId, body));
  registerEndpoint(app, ep.setCurrencyActive, ({ tx, principal, params, body }) => currencies.setCurrencyActive(tx, principal, params.currencyId, body.active));
  registerEndpoint(app, ep.setBookCurrency, ({ tx, principal, params }) => currencies.setBookCurrency(tx, principal, params.currencyId));
  registerEndpoint(app, ep.deleteCurrency, async ({ tx, principal, params }) => {
    await currencies.deleteCurrency(tx, principal, params.currencyId, options.currencyUsers);
    return ok;
  });

  registerEndpoint(app, ep.listExchangeRates, ({ tx, query }) => rates.listExchangeRates(tx, query));
  registerEndpoint(app, ep.exportExchangeRates, async ({ tx, query, reply }) =>
    sendXlsx(reply, 'exchange-rates', await rates.exportExchangeRates(tx, query, query.lang)),
  );
  registerEndpoint(app, ep.lookupExchangeRate, ({ tx, query }) => rates.lookupExchangeRate(tx, query.fromCurrency, query.toCurrency, query.date));
  registerEndpoint(app, ep.getExchangeRate, ({ tx, params }) => rates.getExchangeRate(tx, params.rateId));
  registerEndpoint(app, ep.createExchangeRate, ({ tx, principal, body }) => rates.createExchangeRate(tx, principal, body));
  registerEndpoint(app, ep.updateExchangeRate, ({ tx, principal, params, body }) => rates.updateExchangeRate(tx, principal, params.rateId, body));
  registerEndpoint(app, ep.setExchangeRateActive, ({ tx, principal, params, body }) => rates.setExchangeRateActive(tx, principal, params.rateId, body.active));
  registerEndpoint(app, ep.deleteExchangeRate, async ({ tx, principal, params }) => {
    await rates.deleteExchangeRate(tx, principal, params.rateId);
    return ok;
  });

  registerEndpoint(app, ep.listCountries, ({ tx, query }) => countries.listCountries(tx, query));
  registerEndpoint(app, ep.exportCountries, async ({ tx, query, reply }) =>
    sendXlsx(reply, 'countries', await countries.exportCountries(tx, query.keyword, query.lang, query.sort)),
  );
  registerEndpoint(app, ep.getCountry, ({ tx, params }) => countries.getCountry(tx, params.countryId));
  registerEndpoint(app, ep.createCountry, ({ tx, principal, body }) => countries.createCountry(tx, principal, body));
  registerEndpoint(app, ep.updateCountry, ({ tx, principal, params, body }) => countries.updateCountry(tx, principal, params.countryId, body));
  registerEndpoint(app, ep.setCountryActive, ({ tx, principal, params, body }) => countries.setCountryActive(tx, principal, params.countryId, body.active));
  registerEndpoint(app, ep.deleteCountry, async ({ tx, principal, params }) => {
    await countries.deleteCountry(tx, principal, params.countryId, options.countryUsers);
    return ok;
  });

  registerSheetImports(app, [
    [ep.importCurrencies, importCurrencies],
    [ep.importExchangeRates, importExchangeRates],
    [ep.importCountries, importCountries],
  ]);
}
