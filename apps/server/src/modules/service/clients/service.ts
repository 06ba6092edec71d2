import { asc, eq, sql } from 'drizzle-orm';
import { handoverRules as handoverRulesSchema, widgetStyle, type ServiceClient, type ServiceClientInput, type ServiceClientUpdate } from '@nusa/contracts';
import type { Actor } from '../../../platform/audit/write.ts';
import { caseless } from '../../../platform/db/list-order.ts';
import { preparedQuery, type Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { yn } from '../../../platform/records/query.ts';
import { recordKit } from '../../../platform/records/kit.ts';
import { orgUnitExists } from '../../configuration/org-units/service.ts';
import { clientHasConversations } from '../conversations/service.ts';
import { serviceAgents, serviceClients, type ClientRow, type SetupState } from './schema.ts';
import { assertWorkingHours } from './working-hours.ts';

export type { ClientRow };

/** A seeded client (the demo shop), set up and ready, with the users who take its handed-over conversations. */
export async function seedClient(tx: Tx, row: typeof serviceClients.$inferInsert, agentUserIds: string[]): Promise<void> {
  await tx.insert(serviceClients).values(row);
  if (agentUserIds.length) await tx.insert(serviceAgents).values(agentUserIds.map((userId) => ({ tenantId: row.tenantId, clientId: row.id!, userId })));
}
export { clientAi, clientIntentAi, SERVICE_AREA, type ClientAi } from './ai.ts';
export { nextOpening, withinWorkingHours, type Opening } from './working-hours.ts';
export type { WorkingHours } from './schema.ts';

const toClient = (r: ClientRow): ServiceClient => ({
  clientId: r.id,
  code: r.code,
  name: r.name,
  businessField: r.businessField,
  ouId: r.ouId,
  systemInstruction: r.systemInstruction,
  engine: r.engine,
  model: r.model,
  confidenceThreshold: Number(r.confidenceThreshold),
  handoverRules: r.handoverRules,
  greeting: r.greeting,
  widget: r.widget,
  workingHours: r.workingHours,
  maxConcurrentChats: r.maxConcurrentChats,
  active: yn(r.active),
  setupState: r.setupState,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const DRAFT: SetupState = { status: 'draft', steps: [] };

const kit = recordKit({
  table: serviceClients,
  module: 'service.client',
  entity: 'service-client',
  errors: { notFound: 'service_client_not_found', codeTaken: 'service_client_code_already_exists' },
  lockCode: 'service-client-code',
  sort: { columns: { code: caseless(serviceClients.code), name: caseless(serviceClients.name) }, fallback: [asc(sql`lower(${serviceClients.code})`)] },
  toRecords: (_tx, rows) => rows.map(toClient),
  idOf: (r) => r.clientId,
  codeOf: (r) => r.code,
  usedBy: async (tx, client) => ((await clientHasConversations(tx, client.clientId)) ? 'service_conversations' : undefined),
});

export const listClients = (tx: Tx, f: { keyword?: string; active?: 'Y' | 'N'; page: number; limit: number }) => kit.list(tx, f);

/** The stored client of a code (any case); service_client_not_found when there is none in the tenant. */
/** Every bot message and classify call reads it: built and planned once per connection. */
export async function clientRowByCode(tx: Tx, code: string): Promise<ClientRow> {
  const [row] = await preparedQuery(tx, 'nusa_service_client_by_code', (tx, name) =>
    tx
      .select()
      .from(serviceClients)
      .where(sql`lower(${serviceClients.code}) = lower(${sql.placeholder('code')})`)
      .prepare(name),
  ).execute({ code });
  if (!row) throw new AppError('service_client_not_found', [code]);
  return row;
}

export async function clientRowById(tx: Tx, id: string): Promise<ClientRow> {
  const [row] = await tx.select().from(serviceClients).where(eq(serviceClients.id, id));
  if (!row) throw new AppError('service_client_not_found', [id]);
  return row;
}

/** Codes of clients by id (lists of other service parts show them). */
export async function clientCodesByIds(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: serviceClients.id, code: serviceClients.code })
    .from(serviceClients)
    .where(sql`${serviceClients.id} = ANY(${sql.param([...new Set(ids)])}::uuid[])`);
  return new Map(rows.map((r) => [r.id, r.code]));
}

export const getClient = async (tx: Tx, code: string) => toClient(await clientRowByCode(tx, code));

async function checkOu(tx: Tx, ouId: string | null | undefined) {
  if (ouId && !(await orgUnitExists(tx, ouId))) throw new AppError('ou_not_found', [ouId]);
}

type Fields = Omit<ServiceClientUpdate, 'code' | 'active'>;
/** Column values of the fields sent; those left out are not touched. */
function columnsOf(input: Fields) {
  const c: Partial<typeof serviceClients.$inferInsert> = {};
  if (input.name !== undefined) c.name = input.name;
  if (input.businessField !== undefined) c.businessField = input.businessField;
  if (input.systemInstruction !== undefined) c.systemInstruction = input.systemInstruction;
  if (input.ouId !== undefined) c.ouId = input.ouId;
  if (input.engine !== undefined) c.engine = input.engine;
  if (input.model !== undefined) c.model = input.model || null;
  if (input.confidenceThreshold !== undefined) c.confidenceThreshold = String(input.confidenceThreshold);
  if (input.handoverRules !== undefined) c.handoverRules = handoverRulesSchema.parse(input.handoverRules);
  if (input.greeting !== undefined) c.greeting = input.greeting;
  if (input.widget !== undefined) c.widget = widgetStyle.parse(input.widget);
  if (input.workingHours) assertWorkingHours(input.workingHours);
  if (input.workingHours !== undefined)
    c.workingHours = input.workingHours === null ? null : { timeZone: input.workingHours.timeZone ?? 'Asia/Jakarta', days: input.workingHours.days };
  if (input.maxConcurrentChats !== undefined) c.maxConcurrentChats = input.maxConcurrentChats;
  return c;
}

export async function createClient(tx: Tx, actor: Actor, input: ServiceClientInput): Promise<ServiceClient> {
  await checkOu(tx, input.ouId);
  return kit.create(tx, actor, input.code, {
    name: input.name,
    businessField: input.businessField ?? '',
    systemInstruction: input.systemInstruction ?? '',
    handoverRules: handoverRulesSchema.parse({}),
    widget: widgetStyle.parse({}),
    setupState: DRAFT,
    ...columnsOf(input),
  });
}

export async function updateClient(tx: Tx, actor: Actor, code: string, input: ServiceClientUpdate): Promise<ServiceClient> {
  const row = await clientRowByCode(tx, code);
  await checkOu(tx, input.ouId);
  let after = await kit.update(tx, actor, row.id, input.code ?? '', { ...columnsOf(input), updatedAt: new Date() });
  if (input.active && input.active !== after.active) after = await kit.setActive(tx, actor, row.id, input.active);
  return after;
}

export async function deleteClient(tx: Tx, actor: Actor, code: string): Promise<void> {
  const row = await clientRowByCode(tx, code);
  await kit.remove(tx, actor, row.id);
}
