import { v7 as uuidv7 } from 'uuid';
import type { AiLanguage } from '../../platform/ai/engine.ts';
import { money } from '../../platform/ai/local/reply.ts';
import type { Tx } from '../../platform/db/tenant.ts';
import { handoverText } from './bot/index.ts';
import type { WorkingHours } from './clients/service.ts';
import { seedConversations, type ConversationChannelKind, type HandoverReason, type MessageSender } from './conversations/index.ts';

/**
 * Two weeks of the demo shop's conversations (issue 12: every service screen shows something on first start): on its
 * widget, WhatsApp and Telegram, in Indonesian and English; most answered by the bot from the datasets, some handed
 * over and answered by the CS agent, and today a few still waiting for one. Deterministic (a fixed pseudo-random
 * sequence), written as rows: no engine is called and nothing is metered (the dashboard's usage has its own seed).
 */

export interface DemoFacts {
  clientId: string;
  webChannelId: string;
  agentUserId: string | null;
  hours: WorkingHours;
  /** Dataset items by their name (Nama or Topik): id and values. */
  items: Map<string, { id: string; values: Record<string, string> }>;
}

interface Turn {
  sender: MessageSender;
  text: string;
  intent?: string;
  confidence?: number;
  sources?: string[];
  handoverReason?: HandoverReason;
}
interface Script {
  language: AiLanguage;
  turns: Turn[];
}

const PRODUCTS = [
  'Kain Batik Parang',
  'Kain Batik Kawung',
  'Kemeja Batik Pria Lengan Panjang',
  'Blus Batik Wanita',
  'Dress Batik Sekar',
  'Selendang Batik Sutra',
  'Daster Batik',
  'Tas Batik Tote',
];
const NAMES = ['Rina', 'Budi Santoso', 'Wulan Sari', 'Agus', 'Sari', 'Yusuf', 'Maya', 'Hendra', 'Putri', 'Andi', 'Lina', 'Fajar', 'Jessica', 'Tom'];

/** A small fixed pseudo-random sequence (LCG), so every demo gets the same history. */
function sequence(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)], between: (lo: number, hi: number) => lo + next() * (hi - lo) };
}

function scripts(facts: DemoFacts, random: ReturnType<typeof sequence>): ((at: Date) => Script)[] {
  const item = (name: string) => facts.items.get(name)!;
  const confidence = () => Math.round(random.between(0.72, 0.97) * 10000) / 10000;
  const info = (topic: string, intent: string, id: string, en: string) => (): Script => {
    const fact = item(topic);
    const language = random.next() < 0.3 ? 'en' : 'id';
    return {
      language,
      turns: [
        { sender: 'customer', text: language === 'id' ? id : en },
        { sender: 'bot', text: `${fact.values.Jawaban}.`, intent, confidence: confidence(), sources: [fact.id] },
      ],
    };
  };
  const handover =
    (intent: string | null, reason: HandoverReason, id: [string, string], en: [string, string]) =>
    (at: Date): Script => {
      const language = random.next() < 0.3 ? 'en' : 'id';
      const [ask, answer] = language === 'id' ? id : en;
      return {
        language,
        turns: [
          { sender: 'customer', text: ask },
          {
            sender: 'bot',
            text: handoverText(facts.hours, at, language),
            intent: intent ?? undefined,
            confidence: intent ? confidence() : Math.round(random.between(0.1, 0.3) * 10000) / 10000,
            handoverReason: reason,
          },
          { sender: 'agent', text: answer },
          { sender: 'customer', text: language === 'id' ? 'Oke, terima kasih kak' : 'Ok, thank you' },
        ],
      };
    };
  return [
    () => {
      const name = random.pick(PRODUCTS);
      const product = item(name);
      const language = random.next() < 0.3 ? 'en' : 'id';
      const thanks = random.next() < 0.5;
      return {
        language,
        turns: [
          { sender: 'customer', text: language === 'id' ? `berapa harga ${name.toLowerCase()}?` : `how much is the ${name.toLowerCase()}?` },
          {
            sender: 'bot',
            text: language === 'id' ? `Harga ${name} ${money(product.values.Harga, 'id')}.` : `The ${name} costs ${money(product.values.Harga, 'en')}.`,
            intent: 'tanya_harga',
            confidence: confidence(),
            sources: [product.id],
          },
          ...(thanks
            ? ([
                { sender: 'customer', text: language === 'id' ? 'terima kasih' : 'thanks' },
                {
                  sender: 'bot',
                  text: language === 'id' ? 'Sama-sama, senang bisa membantu!' : 'You are welcome, glad to help!',
                  intent: 'terima_kasih',
                  confidence: confidence(),
                },
              ] as Turn[])
            : []),
        ],
      };
    },
    () => {
      const name = random.pick(PRODUCTS);
      const product = item(name);
      const language = random.next() < 0.3 ? 'en' : 'id';
      return {
        language,
        turns: [
          { sender: 'customer', text: language === 'id' ? `${name.toLowerCase()} masih ada stok?` : `is the ${name.toLowerCase()} in stock?` },
          {
            sender: 'bot',
            text: language === 'id' ? `${name} masih tersedia, stok ${product.values.Stok}.` : `The ${name} is available, ${product.values.Stok} in stock.`,
            intent: 'cek_stok',
            confidence: confidence(),
            sources: [product.id],
          },
        ],
      };
    },
    info('Jam buka toko', 'jam_buka', 'toko buka jam berapa?', 'what are your opening hours?'),
    info('Ongkos kirim dan pengiriman', 'ongkos_kirim', 'ongkir ke surabaya berapa ya?', 'how much is shipping to Surabaya?'),
    info('Cara pembayaran', 'cara_bayar', 'bisa bayar pakai apa saja?', 'how can I pay?'),
    info('Alamat toko', 'lokasi_toko', 'alamat tokonya di mana?', 'where is your shop?'),
    handover(
      'status_pesanan',
      'intent_action',
      [
        'pesanan saya sudah sampai mana ya? atas nama Rina',
        'Pesanan Kakak sudah dikirim lewat JNE kemarin, perkiraan tiba besok. Resi kami kirim lewat chat ini ya.',
      ],
      ['where is my order? it is under Rina', 'Your order left with JNE yesterday and should arrive tomorrow. We will send the tracking number here.'],
    ),
    handover(
      'bicara_cs',
      'asked_for_person',
      ['saya mau bicara dengan cs', 'Halo Kak, saya Dewi dari Toko Batik Sekar. Ada yang bisa dibantu?'],
      ['I want to talk to a person', 'Hello, this is Dewi from Toko Batik Sekar. How can I help?'],
    ),
    handover(
      null,
      'out_of_scope',
      ['bisa pesan seragam batik untuk 50 orang kantor?', 'Bisa Kak, untuk pesanan seragam kami kirim katalog dan harga grosir lewat WhatsApp ya.'],
      ['can you make batik uniforms for 50 office staff?', 'Yes, we can. We will send you our catalogue and bulk prices on WhatsApp.'],
    ),
  ];
}

const CHANNELS: ConversationChannelKind[] = ['web', 'web', 'whatsapp', 'whatsapp', 'telegram'];

/** Scripts 0–5 the bot answers; 6–8 hand over. */
const BOT_SCRIPTS = 6;

export async function seedDemoConversations(tx: Tx, tenantId: string, facts: DemoFacts, now: Date = new Date()): Promise<void> {
  const random = sequence(12);
  const kinds = scripts(facts, random);
  const jakartaToday = new Date(now.getTime() + 7 * 3600_000);
  const jakartaMidnight = Date.UTC(jakartaToday.getUTCFullYear(), jakartaToday.getUTCMonth(), jakartaToday.getUTCDate()) - 7 * 3600_000;
  const planned: { startedAt: Date; script: Script; channelKind: ConversationChannelKind; name: string }[] = [];
  for (let daysAgo = 14; daysAgo >= 0; daysAgo--) {
    const count = 3 + Math.floor(random.next() * 5);
    for (let n = 0; n < count; n++) {
      const startedAt = new Date(jakartaMidnight - daysAgo * 86400_000 + random.between(8, 21.5) * 3600_000);
      if (startedAt.getTime() > now.getTime() - 20 * 60_000) continue;
      // Sundays the shop's CS does not work (the demo's hours): only the bot talks then.
      const sunday = new Date(startedAt.getTime() + 7 * 3600_000).getUTCDay() === 0;
      const script = (sunday ? random.pick(kinds.slice(0, BOT_SCRIPTS)) : random.pick(kinds))(startedAt);
      planned.push({ startedAt, script, channelKind: random.pick(CHANNELS), name: random.pick(NAMES) });
    }
  }
  planned.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  // The newest two hand-overs still wait for an agent (Messages for me has work on first start); the newest bot chat is open.
  const waiting = new Set(planned.filter((p) => p.script.turns.some((t) => t.handoverReason)).slice(-2));
  const open = planned.filter((p) => !waiting.has(p) && !p.script.turns.some((t) => t.handoverReason)).at(-1);

  const conversations: Parameters<typeof seedConversations>[1] = [];
  const messages: Parameters<typeof seedConversations>[2] = [];
  for (const p of planned) {
    const handedOver = p.script.turns.find((t) => t.handoverReason);
    const status = waiting.has(p) ? 'waiting' : p === open ? 'bot' : 'closed';
    const turns = status === 'waiting' ? p.script.turns.slice(0, 2) : p.script.turns;
    const agent = handedOver && status === 'closed' ? facts.agentUserId : null;
    const id = uuidv7();
    let at = p.startedAt.getTime();
    const times = turns.map((t) => (at += (t.sender === 'agent' ? random.between(2, 9) * 60 : random.between(5, 40)) * 1000));
    const last = new Date(times.at(-1)!);
    const customerKey =
      p.channelKind === 'web'
        ? `web:demo-${id}`
        : p.channelKind === 'whatsapp'
          ? `6281${String(Math.floor(random.between(10_000_000, 99_999_999)))}`
          : String(Math.floor(random.between(100_000_000, 999_999_999)));
    const channelId = p.channelKind === 'web' ? facts.webChannelId : null;
    conversations.push({
      tenantId,
      id,
      clientId: facts.clientId,
      channelKind: p.channelKind,
      channelId,
      customerKey,
      customerName: p.channelKind === 'web' ? '' : p.name,
      status,
      assignedAgentId: agent,
      handoverReason: handedOver?.handoverReason ?? null,
      handedOverAt: handedOver ? new Date(times[1]) : null,
      outcome: status === 'closed' ? (handedOver ? 'resolved_by_agent' : 'resolved_by_bot') : null,
      lastIntent: [...turns].reverse().find((t) => t.sender === 'bot')?.intent ?? null,
      startedAt: new Date(times[0]),
      lastMessageAt: last,
      endedAt: status === 'closed' ? new Date(last.getTime() + 5 * 60_000) : null,
    });
    turns.forEach((t, i) =>
      messages.push({
        tenantId,
        id: uuidv7(),
        conversationId: id,
        at: new Date(times[i]),
        sender: t.sender,
        text: t.text,
        intent: t.intent ?? null,
        confidence: t.confidence === undefined ? null : t.confidence.toFixed(4),
        sources: t.sources ?? [],
        handedOver: t.handoverReason !== undefined,
        channelId,
        agentId: t.sender === 'agent' ? agent : null,
      }),
    );
  }
  await seedConversations(tx, conversations, messages);
}
