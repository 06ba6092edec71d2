import type { AiLanguage } from '../../../platform/ai/engine.ts';
import { nextOpening, withinWorkingHours, type WorkingHours } from '../clients/service.ts';

const HANDOVER_TEXT: Record<AiLanguage, string> = {
  id: 'Baik, percakapan ini kami teruskan ke petugas CS kami. Mohon tunggu sebentar, ya.',
  en: 'Sure, I am passing this conversation to our customer service staff. Please wait a moment.',
};

const DAY_NAMES: Record<AiLanguage, string[]> = {
  id: ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
};
/** Indonesia's zones by the names customers know them by. */
const ZONE_NAMES: Record<string, string> = { 'Asia/Jakarta': 'WIB', 'Asia/Pontianak': 'WIB', 'Asia/Makassar': 'WITA', 'Asia/Jayapura': 'WIT' };

/**
 * What the bot tells a customer it hands over: within the client's CS working hours that a person comes soon;
 * outside them that nobody is working now, that the message is kept and when the staff are back.
 */
export function handoverText(hours: WorkingHours | null, at: Date, language: AiLanguage): string {
  if (withinWorkingHours(hours, at)) return HANDOVER_TEXT[language];
  const opening = hours ? nextOpening(hours, at) : null;
  if (!opening)
    return language === 'id'
      ? 'Maaf, petugas CS kami sedang tidak bertugas. Pesan Anda sudah kami simpan dan akan dibalas secepatnya.'
      : 'Sorry, our customer service staff are not working right now. Your message is saved and we will reply as soon as we can.';
  const zone = ZONE_NAMES[opening.zone] ?? opening.zone;
  const day =
    opening.inDays === 0
      ? { id: 'hari ini', en: 'today' }[language]
      : opening.inDays === 1
        ? { id: 'besok', en: 'tomorrow' }[language]
        : DAY_NAMES[language][opening.day];
  return language === 'id'
    ? `Maaf, petugas CS kami sedang di luar jam kerja. Pesan Anda sudah kami simpan dan akan dibalas saat kami kembali, ${day} pukul ${opening.time} ${zone}.`
    : `Sorry, our customer service staff are outside their working hours. Your message is saved and we will reply when we are back, ${day} at ${opening.time} ${zone}.`;
}
