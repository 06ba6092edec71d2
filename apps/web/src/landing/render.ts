import { ENGLISH_TEXTS_ID } from './language.ts';
import { LANDING_TEXTS, type LandingKey, type LandingTexts } from './texts.ts';

/**
 * Build-time rendering of landing.html (no browser APIs): the Indonesian texts go into the markup, the package
 * prices come from the contracts' price list, and the English texts travel as one JSON block for the language
 * switch. A key or package the template names but the texts or prices lack fails the build.
 */

export interface LandingValues {
  /** Package code → monthly price in IDR as a decimal string (the contracts' LEAD_PACKAGES). */
  prices: Readonly<Record<string, string>>;
  /** Placeholder values, `{name}` in the texts (e.g. the free-trial transaction limit). */
  values: Readonly<Record<string, string | number>>;
}

const ENGLISH_MARKER = '<!--landing-texts-en-->';
const STRUCTURED_DATA_MARKER = '<!--landing-structured-data-->';

const rupiah = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** Spec 9: money in id-ID whatever the language, e.g. "Rp 1.500.000". The decimal string is never made a float. */
export function formatRupiah(amount: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(amount)) throw new Error(`not a decimal amount: ${amount}`);
  // Intl formats a decimal string exactly (ES2023); the type definitions only know numbers.
  return rupiah.format(amount as unknown as number);
}

export function fillValues(text: string, values: LandingValues['values']): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in values)) throw new Error(`landing text placeholder ${whole} has no value`);
    return String(values[name]);
  });
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function textOf(texts: LandingTexts, key: string, values: LandingValues['values']): string {
  if (!(key in texts)) throw new Error(`landing.html names an unknown text "${key}"`);
  return fillValues(texts[key as LandingKey], values);
}

/** Every text with its placeholders filled, for one language. */
export function resolvedTexts(lang: 'id' | 'en', values: LandingValues['values']): LandingTexts {
  const texts = LANDING_TEXTS[lang];
  return Object.fromEntries(Object.keys(texts).map((k) => [k, textOf(texts, k, values)])) as LandingTexts;
}

export function renderLanding(template: string, { prices, values }: LandingValues, year = new Date().getFullYear()): string {
  const id = LANDING_TEXTS.id;
  for (const marker of [ENGLISH_MARKER, STRUCTURED_DATA_MARKER]) {
    if (!template.includes(marker)) throw new Error(`landing.html lacks the ${marker} marker`);
  }
  const json = JSON.stringify(resolvedTexts('en', values)).replace(/</g, '\\u003c');
  return (
    template
      // <tag data-t="key"></tag>: the element's text.
      .replace(
        /(<([a-z][a-z0-9]*)\b[^>]*?\sdata-t="(\w+)"[^>]*>)(<\/\2>)/g,
        (_m, open: string, _tag, key: string, close: string) => `${open}${escapeHtml(textOf(id, key, values))}${close}`,
      )
      // data-t-content / data-t-aria-label="key": that attribute, kept beside its key for the language switch.
      .replace(
        /\sdata-t-(content|aria-label)="(\w+)"/g,
        (_m, attr: string, key: string) => ` ${attr}="${escapeHtml(textOf(id, key, values))}" data-t-${attr}="${key}"`,
      )
      // <tag data-price="code"></tag>: the package's monthly price.
      .replace(/(<([a-z][a-z0-9]*)\b[^>]*?\sdata-price="([\w-]+)"[^>]*>)(<\/\2>)/g, (_m, open: string, _tag, code: string, close: string) => {
        if (!(code in prices)) throw new Error(`landing.html names an unknown package "${code}"`);
        return `${open}${escapeHtml(formatRupiah(prices[code]))}${close}`;
      })
      .replace(/<span data-year><\/span>/g, `<span data-year>${year}</span>`)
      .replace(STRUCTURED_DATA_MARKER, structuredData(prices, values))
      .replace(ENGLISH_MARKER, `<script type="application/json" id="${ENGLISH_TEXTS_ID}">${json}</script>`)
  );
}

/** schema.org description of the product and its packages for search engines. */
function structuredData(prices: LandingValues['prices'], values: LandingValues['values']): string {
  const names: Record<string, LandingKey> = { starter: 'planStarterName', business: 'planBusinessName', enterprise: 'planEnterpriseName' };
  const data = {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: 'Nusa',
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Web',
    inLanguage: ['id', 'en'],
    description: textOf(LANDING_TEXTS.id, 'metaDescription', values),
    offers: Object.entries(prices).map(([code, price]) => ({
      '@type': 'Offer',
      name: names[code] ? LANDING_TEXTS.id[names[code]] : code,
      price: price.includes('.') ? price.replace(/0+$/, '').replace(/\.$/, '') : price,
      priceCurrency: 'IDR',
    })),
  };
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** Keys landing.html names (data-t, data-t-content, data-t-aria-label), for the completeness test. */
export const templateKeys = (template: string) => [...template.matchAll(/\sdata-t(?:-content|-aria-label)?="(\w+)"/g)].map((m) => m[1]);
