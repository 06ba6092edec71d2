import { eq, sql } from 'drizzle-orm';
import { ALL_DOCUMENT_TYPES, isDocumentTypeId, POLICY_KINDS, type OuPolicy, type PolicyKind } from '@nusa/contracts';
import { queryPrepared, type Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { assertMayManage, assertNotRaisingOwn, type Grantor } from '../users/service.ts';
import { documentProhibitions, ouPolicyEntries, ouPolicyMembers } from './schema.ts';

const MODULE = 'configuration.policy-ou';
type ValueKind = Exclude<PolicyKind, 'documentTypes'>;
const VALUE_KINDS = POLICY_KINDS.filter((k): k is ValueKind => k !== 'documentTypes');
/** Who changes policies and prohibitions: they limit users, so the grant rules of issue 9 apply. */
export type PolicyActor = Actor & Grantor;

const restricts = (policy: OuPolicy) => POLICY_KINDS.some((k) => policy[k].length > 0);

/**
 * Whether going from `before` to `after` lets a member pick more: a kind restricted before is lifted (empty) or
 * gains a value it did not list. A kind that allowed every document type (-99) cannot widen; an unrestricted one
 * can only narrow.
 */
function widens(before: OuPolicy, after: OuPolicy): boolean {
  return POLICY_KINDS.some((kind) => {
    const was: readonly (string | number)[] = before[kind];
    const now: readonly (string | number)[] = after[kind];
    if (was.length === 0 || (kind === 'documentTypes' && was.includes(ALL_DOCUMENT_TYPES))) return false;
    return now.length === 0 || now.some((v) => !was.includes(v));
  });
}

/** Issue 9: nobody but a Super Admin changes a policy a Super Admin works under; nobody lifts limits of their own. */
async function checkPolicyChange(tx: Tx, actor: PolicyActor, before: OuPolicy, after: OuPolicy | undefined) {
  await assertMayManage(tx, actor, [...before.memberIds, ...(after?.memberIds ?? [])]);
  const me = actor.userId;
  if (!me || !before.memberIds.includes(me) || !restricts(before)) return;
  assertNotRaisingOwn(actor, !after || !after.memberIds.includes(me) || widens(before, after));
}

export async function getOuPolicy(tx: Tx, ouId: string): Promise<OuPolicy> {
  const entries = await tx
    .select({ kind: ouPolicyEntries.kind, value: ouPolicyEntries.value })
    .from(ouPolicyEntries)
    .where(eq(ouPolicyEntries.ouId, ouId))
    .orderBy(ouPolicyEntries.kind, ouPolicyEntries.value);
  const members = await tx.select({ userId: ouPolicyMembers.userId }).from(ouPolicyMembers).where(eq(ouPolicyMembers.ouId, ouId));
  const of = (kind: PolicyKind) => entries.filter((e) => e.kind === kind).map((e) => e.value);
  return {
    documentTypes: of('documentTypes')
      .map(Number)
      .sort((a, b) => a - b),
    products: of('products'),
    warehouses: of('warehouses'),
    partners: of('partners'),
    cashBanks: of('cashBanks'),
    glActivities: of('glActivities'),
    memberIds: members.map((m) => m.userId).sort(),
  };
}

export async function listOuPolicies(tx: Tx) {
  const counts = await tx.execute<{ ou_id: string; kind: string; n: number }>(
    sql`SELECT ou_id, kind, count(*)::int AS n FROM ou_policy_entries GROUP BY ou_id, kind`,
  );
  const members = await tx.execute<{ ou_id: string; n: number }>(sql`SELECT ou_id, count(*)::int AS n FROM ou_policy_members GROUP BY ou_id`);
  const byOu = new Map<string, { ouId: string; counts: Record<string, number>; members: number }>();
  const entry = (ouId: string) => byOu.get(ouId) ?? byOu.set(ouId, { ouId, counts: {}, members: 0 }).get(ouId)!;
  for (const r of counts.rows) entry(r.ou_id).counts[r.kind] = r.n;
  for (const r of members.rows) entry(r.ou_id).members = r.n;
  return { items: [...byOu.values()] };
}

/** Spec 5: "Policy OU list must be filled": a saved policy restricts at least one kind. */
export async function saveOuPolicy(
  tx: Tx,
  actor: PolicyActor,
  ouId: string,
  policy: OuPolicy,
  checks: { ouExists: (id: string) => Promise<boolean>; usersExist: (ids: string[]) => Promise<boolean> },
) {
  if (!(await checks.ouExists(ouId))) throw new AppError('ou_not_found', [ouId]);
  if (POLICY_KINDS.every((k) => policy[k].length === 0)) throw new AppError('policy_ou_list_empty');
  if (!(await checks.usersExist(policy.memberIds))) throw new AppError('user_not_found');
  const before = await getOuPolicy(tx, ouId);
  await checkPolicyChange(tx, actor, before, policy);
  await tx.delete(ouPolicyEntries).where(eq(ouPolicyEntries.ouId, ouId));
  await tx.delete(ouPolicyMembers).where(eq(ouPolicyMembers.ouId, ouId));
  const rows = [
    ...[...new Set(policy.documentTypes)].map((v) => ({ tenantId: actor.tenantId, ouId, kind: 'documentTypes', value: String(v) })),
    ...VALUE_KINDS.flatMap((kind) => [...new Set(policy[kind])].map((value) => ({ tenantId: actor.tenantId, ouId, kind, value }))),
  ];
  if (rows.length) await tx.insert(ouPolicyEntries).values(rows);
  const members = [...new Set(policy.memberIds)];
  if (members.length) await tx.insert(ouPolicyMembers).values(members.map((userId) => ({ tenantId: actor.tenantId, ouId, userId })));
  const after = await getOuPolicy(tx, ouId);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'ou-policy', entityId: ouId, before, after });
  return after;
}

/** Like every delete, an OU that is not there (or another tenant's) or has no policy is a 404, and nothing is audited. */
export async function deleteOuPolicy(tx: Tx, actor: PolicyActor, ouId: string, checks: { ouExists: (id: string) => Promise<boolean> }) {
  if (!(await checks.ouExists(ouId))) throw new AppError('ou_not_found', [ouId]);
  if (!(await ouHasPolicy(tx, ouId))) throw new AppError('policy_not_found', [ouId]);
  const before = await getOuPolicy(tx, ouId);
  await checkPolicyChange(tx, actor, before, undefined);
  await tx.delete(ouPolicyEntries).where(eq(ouPolicyEntries.ouId, ouId));
  await tx.delete(ouPolicyMembers).where(eq(ouPolicyMembers.ouId, ouId));
  await writeAudit(tx, actor, { module: MODULE, action: 'delete', entity: 'ou-policy', entityId: ouId, before });
}

export async function ouHasPolicy(tx: Tx, ouId: string): Promise<boolean> {
  const r = await tx.select({ ouId: ouPolicyEntries.ouId }).from(ouPolicyEntries).where(eq(ouPolicyEntries.ouId, ouId)).limit(1);
  return r.length > 0;
}

export async function getProhibitions(tx: Tx, userId: string): Promise<number[]> {
  const rows = await tx.select({ id: documentProhibitions.documentTypeId }).from(documentProhibitions).where(eq(documentProhibitions.userId, userId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Issue 9: a Super Admin's prohibitions are a Super Admin's business; a user may add prohibitions of their own but lift none. */
export async function saveProhibitions(tx: Tx, actor: PolicyActor, userId: string, ids: number[]) {
  // Who may change them first: a refusal must not depend on (or reveal anything about) the rest of the request.
  await assertMayManage(tx, actor, [userId]);
  if (!ids.every(isDocumentTypeId)) throw new AppError('invalid_input_format', ['body.documentTypeIds', 'unknown document type']);
  const before = await getProhibitions(tx, userId);
  if (userId === actor.userId)
    assertNotRaisingOwn(
      actor,
      before.some((id) => !ids.includes(id)),
    );
  await tx.delete(documentProhibitions).where(eq(documentProhibitions.userId, userId));
  const unique = [...new Set(ids)];
  if (unique.length) await tx.insert(documentProhibitions).values(unique.map((documentTypeId) => ({ tenantId: actor.tenantId, userId, documentTypeId })));
  const after = await getProhibitions(tx, userId);
  await writeAudit(tx, actor, { module: MODULE, action: 'update-prohibitions', entity: 'user', entityId: userId, before, after });
  return after;
}

/**
 * Whether `userId` may pick `value` of `kind`: allowed when no OU policy the user works under restricts that
 * kind, or when one of them lists the value (document type -99 allows every type). Master-data and transaction
 * modules call this wherever such a record is picked or posted.
 */
export async function mayUse(tx: Tx, userId: string, kind: PolicyKind, value: string): Promise<boolean> {
  const rows = await tx.execute<{ restricted: boolean; allowed: boolean }>(sql`
    SELECT count(*) > 0 AS restricted,
           coalesce(bool_or(e.value = ${value} OR (e.kind = 'documentTypes' AND e.value = ${String(ALL_DOCUMENT_TYPES)})), false) AS allowed
      FROM ou_policy_members m JOIN ou_policy_entries e ON e.ou_id = m.ou_id AND e.kind = ${kind}
     WHERE m.user_id = ${userId}`);
  const r = rows.rows[0];
  return !r.restricted || r.allowed;
}

export async function assertMayUse(tx: Tx, userId: string, kind: PolicyKind, value: string): Promise<void> {
  if (!(await mayUse(tx, userId, kind, value))) throw new AppError('policy_not_authorized', [kind, value]);
}

/** `assertMayUse` for several values of one kind in one query; the first value refused (in the given order) is named. */
export async function assertMayUseAll(tx: Tx, userId: string, kind: PolicyKind, values: string[]): Promise<void> {
  if (values.length === 0) return;
  if (values.length === 1) return assertMayUse(tx, userId, kind, values[0]!);
  // Every document's checks ask this: one statement of fixed shape, prepared once per connection.
  const rows = await queryPrepared<{ value: string }>(
    tx,
    'nusa_policy_may_use_all',
    `SELECT v.value FROM unnest($1::text[]) WITH ORDINALITY AS v(value, n)
      WHERE EXISTS (SELECT 1 FROM ou_policy_members m JOIN ou_policy_entries e ON e.ou_id = m.ou_id AND e.kind = $2 WHERE m.user_id = $3)
        AND NOT EXISTS (SELECT 1 FROM ou_policy_members m JOIN ou_policy_entries e ON e.ou_id = m.ou_id AND e.kind = $2
                         WHERE m.user_id = $3 AND (e.value = v.value OR (e.kind = 'documentTypes' AND e.value = $4)))
      ORDER BY v.n LIMIT 1`,
    [values, kind, userId, String(ALL_DOCUMENT_TYPES)],
  );
  const refused = rows[0];
  if (refused) throw new AppError('policy_not_authorized', [kind, refused.value]);
}

/** Spec 6: users may be prohibited from creating certain document types; their OU policy must allow it too. */
export async function assertMayCreateDocument(tx: Tx, userId: string, documentTypeId: number): Promise<void> {
  // The prohibition and the OU policy in one round trip (the policy part is `mayUse`'s query).
  // Prepared once per connection: every document create asks it.
  const rows = await queryPrepared<{ banned: boolean; restricted: boolean; allowed: boolean }>(
    tx,
    'nusa_policy_may_create_document',
    `SELECT EXISTS (SELECT 1 FROM document_prohibitions p WHERE p.user_id = $1 AND p.document_type_id IN ($2::int, $3::int)) AS banned,
            count(*) > 0 AS restricted,
            coalesce(bool_or(e.value = $4 OR e.value = $5), false) AS allowed
       FROM ou_policy_members m JOIN ou_policy_entries e ON e.ou_id = m.ou_id AND e.kind = 'documentTypes'
      WHERE m.user_id = $1`,
    [userId, documentTypeId, ALL_DOCUMENT_TYPES, String(documentTypeId), String(ALL_DOCUMENT_TYPES)],
  );
  const r = rows[0]!;
  if (r.banned) throw new AppError('document_type_prohibited', [documentTypeId]);
  if (r.restricted && !r.allowed) throw new AppError('policy_not_authorized', ['documentTypes', String(documentTypeId)]);
}

/**
 * The list-filter form of `mayUse`: the values of `kind` the user may pick, or undefined when no OU policy the user
 * works under restricts that kind (then everything may be picked). Lazy dropdowns filter their rows by it.
 */
export async function allowedValues(tx: Tx, userId: string, kind: Exclude<PolicyKind, 'documentTypes'>): Promise<string[] | undefined> {
  const rows = await tx.execute<{ value: string }>(sql`
    SELECT DISTINCT e.value FROM ou_policy_members m JOIN ou_policy_entries e ON e.ou_id = m.ou_id AND e.kind = ${kind}
     WHERE m.user_id = ${userId}`);
  return rows.rows.length ? rows.rows.map((r) => r.value) : undefined;
}

/** Whether an OU policy lists `value` of `kind` (a record an OU policy names cannot be deleted). */
export async function policyNamesValue(tx: Tx, kind: Exclude<PolicyKind, 'documentTypes'>, value: string): Promise<boolean> {
  const rows = await tx.execute(sql`SELECT 1 FROM ou_policy_entries WHERE kind = ${kind} AND lower(value) = lower(${value}) LIMIT 1`);
  return rows.rows.length > 0;
}
