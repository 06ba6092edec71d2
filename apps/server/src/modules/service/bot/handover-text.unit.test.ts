import { describe, expect, it } from 'vitest';
import { handoverText } from './handover-text.ts';

/** Monday to Saturday 08:00–22:00 in Jakarta (UTC+7), as the demo client works. */
const SHOP = { timeZone: 'Asia/Jakarta', days: [1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '08:00', to: '22:00' })) };
/** 2026-11-23 is a Monday. */
const jakarta = (isoLocal: string) => new Date(`${isoLocal}+07:00`);

describe('hand-over text', () => {
  it("the bot's hand-over tells the customer, in their language, when nobody works and when they are back", () => {
    expect(handoverText(SHOP, jakarta('2026-11-23T10:00:00'), 'id')).toContain('kami teruskan ke petugas CS');
    expect(handoverText(SHOP, jakarta('2026-11-28T22:30:00'), 'id')).toBe(
      'Maaf, petugas CS kami sedang di luar jam kerja. Pesan Anda sudah kami simpan dan akan dibalas saat kami kembali, Senin pukul 08:00 WIB.',
    );
    expect(handoverText(SHOP, jakarta('2026-11-23T23:00:00'), 'en')).toBe(
      'Sorry, our customer service staff are outside their working hours. Your message is saved and we will reply when we are back, tomorrow at 08:00 WIB.',
    );
  });
  it('without any working day: no time is promised', () => {
    expect(handoverText({ timeZone: 'Asia/Jakarta', days: [] }, jakarta('2026-11-23T10:00:00'), 'en')).toContain('as soon as we can');
  });
});
