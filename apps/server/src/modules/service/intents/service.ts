import { and, asc, count, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { ServiceIntent, ServiceIntentDetail, ServiceIntentInput } from '@nusa/contracts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { lockCaselessKey } from '../../../platform/numbering/lock.ts';
import { containsPattern } from '../../../platform/records/query.ts';
import { writeXlsx, type XlsxColumn } from '../../../platform/files/xlsx.ts';
import { clientRowByCode, type ClientRow } from '../clients/service.ts';
import { serviceIntentPhrases, serviceIntents } from './schema.ts';

type IntentRow = typeof serviceIntents.$inferSelect;
type PhraseSource = 'manual' | 'import' | 'correction';

const audit = (tx: Tx, actor: Actor, action: 'create' | 'update' | 'delete' | 'import', id: string, before?: unknown, after?: unknown) =>
  writeAudit(tx, actor, { module: 'service.intent', action, entity: 'service-intent', entityId: id, before, after });

async function present(tx: Tx, rows: IntentRow[]): Promise<ServiceIntent[]> {
  if (rows.length === 0) return [];
  const counts = await tx
    .select({ intentId: serviceIntentPhrases.intentId, n: count() })
    .from(serviceIntentPhrases)
    .where(sql`${serviceIntentPhrases.intentId} = ANY(${sql.param(rows.map((r) => r.id))}::uuid[])`)
    .groupBy(serviceIntentPhrases.intentId);
  const n = new Map(counts.map((c) => [c.intentId, c.n]));
  return rows.map((r) => ({
    intentId: r.id,
    clientId: r.clientId,
    name: r.name,
    attributes: r.attributes,
    action: r.action,
    responseText: r.responseText,
    phraseCount: n.get(r.id) ?? 0,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

async function intentRow(tx: Tx, id: string): Promise<IntentRow> {
  const [row] = await tx.select().from(serviceIntents).where(eq(serviceIntents.id, id));
  if (!row) throw new AppError('service_intent_not_found', [id]);
  return row;
}

export async function getIntent(tx: Tx, id: string): Promise<ServiceIntentDetail> {
  const row = await intentRow(tx, id);
  const [intent] = await present(tx, [row]);
  const phrases = await tx
    .select()
    .from(serviceIntentPhrases)
    .where(eq(serviceIntentPhrases.intentId, id))
    .orderBy(asc(serviceIntentPhrases.createdAt), asc(serviceIntentPhrases.id));
  return { ...intent, phrases: phrases.map((p) => ({ phraseId: p.id, text: p.text, source: p.source, createdAt: p.createdAt.toISOString() })) };
}

export async function listIntents(tx: Tx, clientCode: string, f: { keyword?: string; page: number; limit: number }) {
  const client = await clientRowByCode(tx, clientCode);
  const where = and(eq(serviceIntents.clientId, client.id), f.keyword ? sql`${serviceIntents.name} ILIKE ${containsPattern(f.keyword)}` : undefined);
  const rows = await tx
    .select()
    .from(serviceIntents)
    .where(where)
    .orderBy(asc(sql`lower(${serviceIntents.name})`), asc(serviceIntents.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const [total] = await tx.select({ n: count() }).from(serviceIntents).where(where);
  return { items: await present(tx, rows), total: total.n };
}

async function assertNameFree(tx: Tx, clientId: string, name: string, exceptId?: string) {
  await lockCaselessKey(tx, `service-intent:${clientId}`, name);
  const found = await tx
    .select({ id: serviceIntents.id })
    .from(serviceIntents)
    .where(and(eq(serviceIntents.clientId, clientId), sql`lower(${serviceIntents.name}) = lower(${name})`));
  if (found.some((r) => r.id !== exceptId)) throw new AppError('service_intent_name_already_exists', [name]);
}

/** Adds phrases to an intent; a phrase it already has (any case) is left out. Answers how many were added. */
export async function addPhrases(tx: Tx, tenantId: string, intent: Pick<IntentRow, 'id' | 'clientId'>, texts: string[], source: PhraseSource): Promise<number> {
  const unique = [
    ...new Map(
      texts
        .map((t) => t.trim())
        .filter(Boolean)
        .map((t) => [t.toLowerCase(), t]),
    ).values(),
  ];
  if (unique.length === 0) return 0;
  const added = await tx
    .insert(serviceIntentPhrases)
    .values(unique.map((text) => ({ tenantId, id: uuidv7(), intentId: intent.id, clientId: intent.clientId, text, source })))
    .onConflictDoNothing()
    .returning({ id: serviceIntentPhrases.id });
  return added.length;
}

export async function createIntentFor(
  tx: Tx,
  actor: Actor,
  client: Pick<ClientRow, 'id'>,
  input: ServiceIntentInput,
  source: PhraseSource = 'manual',
): Promise<ServiceIntentDetail> {
  await assertNameFree(tx, client.id, input.name);
  const id = uuidv7();
  await tx.insert(serviceIntents).values({
    tenantId: actor.tenantId,
    id,
    clientId: client.id,
    name: input.name,
    attributes: input.attributes ?? [],
    action: input.action ?? 'answer',
    responseText: input.responseText ?? '',
  });
  await addPhrases(tx, actor.tenantId, { id, clientId: client.id }, input.phrases ?? [], source);
  const after = await getIntent(tx, id);
  await audit(tx, actor, 'create', id, undefined, after);
  return after;
}

export const createIntent = async (tx: Tx, actor: Actor, clientCode: string, input: ServiceIntentInput) =>
  createIntentFor(tx, actor, await clientRowByCode(tx, clientCode), input);

export async function updateIntent(tx: Tx, actor: Actor, id: string, input: Omit<ServiceIntentInput, 'phrases'>): Promise<ServiceIntentDetail> {
  const before = await getIntent(tx, id);
  await assertNameFree(tx, before.clientId, input.name, id);
  await tx
    .update(serviceIntents)
    .set({
      name: input.name,
      attributes: input.attributes ?? [],
      action: input.action ?? 'answer',
      responseText: input.responseText ?? '',
      updatedAt: new Date(),
    })
    .where(eq(serviceIntents.id, id));
  const after = await getIntent(tx, id);
  await audit(tx, actor, 'update', id, before, after);
  return after;
}

export async function deleteIntent(tx: Tx, actor: Actor, id: string): Promise<void> {
  const before = await getIntent(tx, id);
  await tx.delete(serviceIntents).where(eq(serviceIntents.id, id));
  await audit(tx, actor, 'delete', id, before);
}

export async function addPhrase(tx: Tx, actor: Actor, id: string, text: string): Promise<ServiceIntentDetail> {
  const before = await getIntent(tx, id);
  if (!(await addPhrases(tx, actor.tenantId, { id, clientId: before.clientId }, [text], 'manual'))) throw new AppError('service_phrase_duplicate', [text]);
  await tx.update(serviceIntents).set({ updatedAt: new Date() }).where(eq(serviceIntents.id, id));
  const after = await getIntent(tx, id);
  await audit(tx, actor, 'update', id, before, after);
  return after;
}

export async function deletePhrase(tx: Tx, actor: Actor, id: string, phraseId: string): Promise<ServiceIntentDetail> {
  const before = await getIntent(tx, id);
  const gone = await tx
    .delete(serviceIntentPhrases)
    .where(and(eq(serviceIntentPhrases.id, phraseId), eq(serviceIntentPhrases.intentId, id)))
    .returning({ id: serviceIntentPhrases.id });
  if (!gone.length) throw new AppError('service_phrase_not_found', [phraseId]);
  await tx.update(serviceIntents).set({ updatedAt: new Date() }).where(eq(serviceIntents.id, id));
  const after = await getIntent(tx, id);
  await audit(tx, actor, 'update', id, before, after);
  return after;
}

/** Every phrase of a client's intents: what training reads and the export writes. */
export async function phrasesOf(tx: Tx, clientId: string): Promise<{ intent: string; text: string }[]> {
  return tx
    .select({ intent: serviceIntents.name, text: serviceIntentPhrases.text })
    .from(serviceIntentPhrases)
    .innerJoin(serviceIntents, eq(serviceIntents.id, serviceIntentPhrases.intentId))
    .where(eq(serviceIntentPhrases.clientId, clientId))
    .orderBy(asc(sql`lower(${serviceIntents.name})`), asc(serviceIntentPhrases.createdAt), asc(serviceIntentPhrases.id));
}

/** Every phrase of a client's intents with its intent's action and response text, and when it was added (fine tuning's set). */
export async function phrasesWithAnswers(tx: Tx, clientId: string) {
  return tx
    .select({
      intent: serviceIntents.name,
      action: serviceIntents.action,
      responseText: serviceIntents.responseText,
      text: serviceIntentPhrases.text,
      at: serviceIntentPhrases.createdAt,
    })
    .from(serviceIntentPhrases)
    .innerJoin(serviceIntents, eq(serviceIntents.id, serviceIntentPhrases.intentId))
    .where(eq(serviceIntentPhrases.clientId, clientId))
    .orderBy(asc(sql`lower(${serviceIntents.name})`), asc(serviceIntentPhrases.createdAt), asc(serviceIntentPhrases.id));
}

/** The columns of the intents sheet: the same headings in both languages, as the API names them. */
export const INTENT_SHEET_COLUMNS = {
  intent: { id: 'intent', en: 'intent' },
  example: { id: 'example', en: 'example' },
  answer: { id: 'answer', en: 'answer' },
};

type SheetRow = { intent: string; text: string; answer: string };
const SHEET: XlsxColumn<SheetRow>[] = [
  { header: 'intent', width: 24, value: (r) => r.intent },
  { header: 'example', width: 60, value: (r) => r.text },
  { header: 'answer', width: 80, value: (r) => r.answer },
];

/** The phrases with each intent's answer on its first row only (the import keeps an answer a blank cell leaves out). */
export async function exportIntents(tx: Tx, clientCode: string): Promise<{ name: string; file: Buffer }> {
  const client = await clientRowByCode(tx, clientCode);
  const rows = await phrasesWithAnswers(tx, client.id);
  const file = await writeXlsx(
    `${client.code} intents`,
    SHEET,
    rows.map((r, i) => ({ ...r, answer: i > 0 && rows[i - 1].intent === r.intent ? '' : r.action === 'answer' ? r.responseText : '' })),
  );
  return { name: `${client.code.toLowerCase()}-intents`, file };
}

/** Example rows of the import template: one answer per intent, written on any one of its rows. */
const TEMPLATE_ROWS: Record<'id' | 'en', SheetRow[]> = {
  id: [
    { intent: 'jam_buka', text: 'Jam berapa toko buka?', answer: 'Kami buka Senin–Sabtu pukul 09.00–21.00 WIB.' },
    { intent: 'jam_buka', text: 'Hari Minggu buka tidak?', answer: '' },
    { intent: 'ongkos_kirim', text: 'Berapa ongkos kirim ke Bandung?', answer: 'Ongkos kirim dihitung saat checkout sesuai kota tujuan dan berat paket.' },
    { intent: 'ongkos_kirim', text: 'Ada gratis ongkir?', answer: '' },
  ],
  en: [
    { intent: 'opening_hours', text: 'What time do you open?', answer: 'We are open Monday to Saturday, 9 am to 9 pm.' },
    { intent: 'opening_hours', text: 'Are you open on Sunday?', answer: '' },
    {
      intent: 'shipping_cost',
      text: 'How much is shipping to Bandung?',
      answer: 'Shipping is calculated at checkout from the destination and the parcel weight.',
    },
    { intent: 'shipping_cost', text: 'Is shipping free?', answer: '' },
  ],
};

export const intentImportTemplate = (lang: 'id' | 'en') => writeXlsx('intents', SHEET, TEMPLATE_ROWS[lang]);

/** Names of the client's answering intents without a response text: the bot answers them only from the dataset. */
export async function intentsWithoutAnswer(tx: Tx, clientId: string): Promise<string[]> {
  const rows = await tx
    .select({ name: serviceIntents.name })
    .from(serviceIntents)
    .where(and(eq(serviceIntents.clientId, clientId), eq(serviceIntents.action, 'answer'), sql`btrim(${serviceIntents.responseText}) = ''`))
    .orderBy(asc(sql`lower(${serviceIntents.name})`));
  return rows.map((r) => r.name);
}

/** The intents of a client by lower-case name (the bot reads the action and response of the predicted one). */
export async function intentsByName(tx: Tx, clientId: string): Promise<Map<string, IntentRow>> {
  const rows = await tx.select().from(serviceIntents).where(eq(serviceIntents.clientId, clientId));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}

export { audit as auditIntent };
