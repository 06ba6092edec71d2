import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FREE_TRANSACTION_LIMIT, LEAD_PACKAGES } from '@nusa/contracts';
import { STORAGE_KEYS } from '../app/storage-keys.ts';
import { ENGLISH_TEXTS_ID } from './language.ts';
import { fillValues, formatRupiah, renderLanding, templateKeys } from './render.ts';
import { LANDING_TEXTS } from './texts.ts';

const template = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../landing.html'), 'utf8');
const values = { prices: LEAD_PACKAGES, values: { limit: FREE_TRANSACTION_LIMIT } };
const NBSP = '\u00a0';

describe('landing texts', () => {
  it('has the same keys in Indonesian and English, none empty', () => {
    expect(Object.keys(LANDING_TEXTS.en).sort()).toEqual(Object.keys(LANDING_TEXTS.id).sort());
    for (const lang of ['id', 'en'] as const) {
      for (const [key, text] of Object.entries(LANDING_TEXTS[lang])) expect(text.trim(), `${lang}.${key}`).not.toBe('');
    }
  });

  it('names only existing texts in landing.html, and uses every text', () => {
    const used = new Set(templateKeys(template));
    expect([...used].filter((k) => !(k in LANDING_TEXTS.id))).toEqual([]);
    expect(Object.keys(LANDING_TEXTS.id).filter((k) => !used.has(k))).toEqual([]);
  });

  it("remembers the language under the app's key", () => {
    expect(template).toContain(`localStorage.getItem('${STORAGE_KEYS.language}')`);
  });
});

describe('formatRupiah', () => {
  it('formats decimal strings id-ID without going through a float', () => {
    expect(formatRupiah('1500000.0000')).toBe(`Rp${NBSP}1.500.000`);
    expect(formatRupiah('7500000')).toBe(`Rp${NBSP}7.500.000`);
    expect(formatRupiah('12345678901234567.5000')).toBe(`Rp${NBSP}12.345.678.901.234.567,5`);
  });

  it('refuses what is not a decimal amount', () => {
    expect(() => formatRupiah('1,5')).toThrow(/not a decimal/);
  });
});

describe('fillValues', () => {
  it('fills named values and refuses an unknown one', () => {
    expect(fillValues('{limit} transaksi', { limit: 100 })).toBe('100 transaksi');
    expect(() => fillValues('{nope}', {})).toThrow(/no value/);
  });
});

describe('renderLanding', () => {
  const html = renderLanding(template, values, 2031);

  it('writes the Indonesian texts, the contract prices and the year into the page', () => {
    expect(html).toContain(`<h1 class="hero__title" data-t="heroTitle">${LANDING_TEXTS.id.heroTitle}</h1>`);
    expect(html).toContain(`<title data-t="docTitle">Nusa | Selamat Datang</title>`);
    expect(html).toContain(`content="${LANDING_TEXTS.id.metaDescription}" data-t-content="metaDescription"`);
    expect(html).toContain(`${FREE_TRANSACTION_LIMIT} transaksi pertama gratis`);
    for (const price of ['1.500.000', '3.500.000', '7.500.000']) expect(html).toContain(`Rp${NBSP}${price}`);
    expect(html).toContain('<span data-year>2031</span>');
    expect(html).not.toMatch(/data-t="\w+"><\//);
  });

  it('carries the English texts, filled, as JSON for the switch', () => {
    const json = new RegExp(`<script type="application/json" id="${ENGLISH_TEXTS_ID}">(.*?)</script>`).exec(html)?.[1];
    const en = JSON.parse(json!) as Record<string, string>;
    expect(en.heroTitle).toBe(LANDING_TEXTS.en.heroTitle);
    expect(en.heroNote).toBe(`Your first ${FREE_TRANSACTION_LIMIT} transactions are free, no credit card needed.`);
  });

  it('describes the packages for search engines with the contract prices', () => {
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]) as { offers: { price: string }[] };
    expect(ld.offers.map((o) => o.price)).toEqual(['1500000', '3500000', '7500000']);
  });

  it('fails on a text or package the texts and prices lack', () => {
    expect(() => renderLanding(template.replace('data-t="heroTitle"', 'data-t="noSuchText"'), values)).toThrow(/noSuchText/);
    expect(() => renderLanding(template.replace('data-price="starter"', 'data-price="gold"'), values)).toThrow(/gold/);
  });
});

describe("the app's index.html", () => {
  const index = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');

  it('sends an anonymous visitor at "/" to the landing before the bundle loads, with the app\'s storage keys', () => {
    expect(index).toContain(`localStorage.getItem('${STORAGE_KEYS.token}')`);
    expect(index).toContain(`localStorage.getItem('${STORAGE_KEYS.session}')`);
    expect(index).toContain("location.replace('/landing')");
  });
});
