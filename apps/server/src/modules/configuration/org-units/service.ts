import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { ouParentProblem, ouTypeByCode, type LegalInfo, type OrgUnit, type OuTypeCode } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { orgUnitLogos, orgUnits } from './schema.ts';

const MODULE = 'configuration.business-unit';
const parent = alias(orgUnits, 'parent');

const columns = {
  id: orgUnits.id,
  code: orgUnits.code,
  name: orgUnits.name,
  typeCode: orgUnits.typeCode,
  parentId: orgUnits.parentId,
  parentCode: parent.code,
  active: orgUnits.active,
  address: orgUnits.address,
  taxName: orgUnits.taxName,
  taxNumber: orgUnits.taxNumber,
  taxDate: orgUnits.taxDate,
  phone: orgUnits.phone,
  fax: orgUnits.fax,
  taxableEntrepreneur: orgUnits.taxableEntrepreneur,
  hasLogo: sql<boolean>`EXISTS (SELECT 1 FROM org_unit_logos l WHERE l.ou_id = ${orgUnits.id})`,
};

type Row = {
  id: string;
  code: string;
  name: string;
  typeCode: string;
  parentId: string | null;
  parentCode: string | null;
  active: boolean;
  address: string | null;
  taxName: string | null;
  taxNumber: string | null;
  taxDate: string | null;
  phone: string | null;
  fax: string | null;
  taxableEntrepreneur: boolean;
  hasLogo: boolean;
};

const toUnit = (r: Row): OrgUnit => ({
  ouId: r.id,
  ouCode: r.code,
  ouName: r.name,
  ouTypeCode: r.typeCode as OuTypeCode,
  ouTypeId: ouTypeByCode(r.typeCode)?.id ?? 0,
  parentId: r.parentId,
  parentCode: r.parentCode,
  active: r.active ? 'Y' : 'N',
  hasLogo: r.hasLogo,
  legal: {
    address: r.address,
    taxName: r.taxName,
    taxNumber: r.taxNumber,
    taxDate: r.taxDate,
    phone: r.phone,
    fax: r.fax,
    taxableEntrepreneur: r.taxableEntrepreneur,
  },
});

const base = (tx: Tx) =>
  tx
    .select(columns)
    .from(orgUnits)
    .leftJoin(parent, and(eq(parent.tenantId, orgUnits.tenantId), eq(parent.id, orgUnits.parentId)));

export async function listOrgUnits(tx: Tx, f: { page: number; limit: number; keyword?: string; type?: OuTypeCode }) {
  const where: SQL[] = [];
  if (f.keyword) {
    const p = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(${orgUnits.code} ILIKE ${p} OR ${orgUnits.name} ILIKE ${p})`);
  }
  if (f.type) where.push(eq(orgUnits.typeCode, f.type));
  const condition = where.length ? and(...where) : undefined;
  const rows = await base(tx)
    .where(condition)
    .orderBy(asc(sql`lower(${orgUnits.code})`))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const total = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orgUnits)
    .where(condition);
  return { items: rows.map(toUnit), total: total[0].n };
}

export async function getOrgUnit(tx: Tx, id: string): Promise<OrgUnit> {
  const rows = await base(tx).where(eq(orgUnits.id, id)).limit(1);
  if (!rows[0]) throw new AppError('ou_not_found', [id]);
  return toUnit(rows[0]);
}

/** Spec 5: the type rules against the parent, never itself, never one of its own descendants. */
async function checkPlacement(tx: Tx, id: string | undefined, type: OuTypeCode, parentId: string | null) {
  let parentType: OuTypeCode | undefined;
  if (parentId) {
    if (parentId === id) throw new AppError('ou_cannot_be_own_parent');
    const p = await tx.select({ typeCode: orgUnits.typeCode }).from(orgUnits).where(eq(orgUnits.id, parentId));
    if (!p[0]) throw new AppError('ou_not_found', [parentId]);
    parentType = p[0].typeCode as OuTypeCode;
  }
  const problem = ouParentProblem(type, parentType);
  if (problem) throw new AppError(problem);
  if (id && parentId) {
    const cycle = await tx.execute<{ found: boolean }>(sql`
      WITH RECURSIVE below(id) AS (
        SELECT id FROM org_units WHERE parent_id = ${id}
        UNION SELECT o.id FROM org_units o JOIN below b ON o.parent_id = b.id)
      SELECT EXISTS (SELECT 1 FROM below WHERE id = ${parentId}) AS found`);
    if (cycle.rows[0].found) throw new AppError('ou_parent_cannot_be_descendant');
  }
  if (id) {
    const children = await tx.select({ code: orgUnits.code, typeCode: orgUnits.typeCode }).from(orgUnits).where(eq(orgUnits.parentId, id));
    const broken = children.find((c) => ouParentProblem(c.typeCode as OuTypeCode, type));
    if (broken) throw new AppError('ou_children_rule_broken', [broken.code]);
  }
}

async function checkCodeFree(tx: Tx, code: string, exceptId?: string) {
  const rows = await tx
    .select({ id: orgUnits.id })
    .from(orgUnits)
    .where(sql`lower(${orgUnits.code}) = lower(${code})`);
  if (rows.some((r) => r.id !== exceptId)) throw new AppError('ou_code_already_exists', [code]);
}

export interface OuInput {
  ouCode: string;
  ouName: string;
  ouTypeCode: OuTypeCode;
  parentId: string | null;
}

export async function createOrgUnit(tx: Tx, actor: Actor, input: OuInput): Promise<OrgUnit> {
  await checkCodeFree(tx, input.ouCode);
  await checkPlacement(tx, undefined, input.ouTypeCode, input.parentId);
  const id = uuidv7();
  await tx
    .insert(orgUnits)
    .values({ tenantId: actor.tenantId, id, code: input.ouCode, name: input.ouName, typeCode: input.ouTypeCode, parentId: input.parentId });
  const after = await getOrgUnit(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'create', entity: 'org-unit', entityId: id, after });
  return after;
}

export async function updateOrgUnit(tx: Tx, actor: Actor, id: string, input: OuInput): Promise<OrgUnit> {
  const before = await getOrgUnit(tx, id);
  await checkCodeFree(tx, input.ouCode, id);
  await checkPlacement(tx, id, input.ouTypeCode, input.parentId);
  await tx.update(orgUnits).set({ code: input.ouCode, name: input.ouName, typeCode: input.ouTypeCode, parentId: input.parentId }).where(eq(orgUnits.id, id));
  const after = await getOrgUnit(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'org-unit', entityId: id, before, after });
  return after;
}

export async function setOrgUnitActive(tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<OrgUnit> {
  const before = await getOrgUnit(tx, id);
  await tx
    .update(orgUnits)
    .set({ active: active === 'Y' })
    .where(eq(orgUnits.id, id));
  const after = await getOrgUnit(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: active === 'Y' ? 'activate' : 'deactivate', entity: 'org-unit', entityId: id, before, after });
  return after;
}

export async function deleteOrgUnit(tx: Tx, actor: Actor, id: string, inUse: (tx: Tx, ouId: string) => Promise<string | undefined>) {
  const before = await getOrgUnit(tx, id);
  const child = await tx.select({ code: orgUnits.code }).from(orgUnits).where(eq(orgUnits.parentId, id)).limit(1);
  if (child[0]) throw new AppError('ou_has_children', [before.ouCode]);
  const user = await inUse(tx, id);
  if (user) throw new AppError('used_by_another_table', [user]);
  await tx.delete(orgUnits).where(eq(orgUnits.id, id));
  await writeAudit(tx, actor, { module: MODULE, action: 'delete', entity: 'org-unit', entityId: id, before });
}

export async function saveLegalInfo(tx: Tx, actor: Actor, id: string, legal: LegalInfo): Promise<OrgUnit> {
  const before = await getOrgUnit(tx, id);
  await tx.update(orgUnits).set(legal).where(eq(orgUnits.id, id));
  const after = await getOrgUnit(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'update-legal', entity: 'org-unit', entityId: id, before: before.legal, after: after.legal });
  return after;
}

const MAGIC: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** The bytes must really be the declared image type: a renamed file or a script is refused. */
export async function saveLogo(tx: Tx, actor: Actor, id: string, contentType: string, dataBase64: string): Promise<OrgUnit> {
  await getOrgUnit(tx, id);
  const data = Buffer.from(dataBase64, 'base64');
  if (data.length === 0 || data.length > 1024 * 1024 || !MAGIC[contentType]?.(data)) throw new AppError('ou_logo_invalid');
  await tx
    .insert(orgUnitLogos)
    .values({ tenantId: actor.tenantId, ouId: id, contentType, data })
    .onConflictDoUpdate({ target: [orgUnitLogos.tenantId, orgUnitLogos.ouId], set: { contentType, data, updatedAt: sql`now()` } });
  await writeAudit(tx, actor, { module: MODULE, action: 'upload-logo', entity: 'org-unit', entityId: id, after: { contentType, bytes: data.length } });
  return getOrgUnit(tx, id);
}

export async function getLogo(tx: Tx, id: string) {
  const rows = await tx.select({ contentType: orgUnitLogos.contentType, data: orgUnitLogos.data }).from(orgUnitLogos).where(eq(orgUnitLogos.ouId, id));
  if (!rows[0]) throw new AppError('ou_logo_not_found');
  return rows[0];
}

/** Code and name of each OU by id, for the records that name an OU. */
export async function orgUnitNamesByIds(tx: Tx, ids: (string | null)[]): Promise<Map<string, { code: string; name: string }>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await tx.select({ id: orgUnits.id, code: orgUnits.code, name: orgUnits.name }).from(orgUnits).where(inArray(orgUnits.id, wanted));
  return new Map(rows.map((r) => [r.id, { code: r.code, name: r.name }]));
}

export async function orgUnitExists(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.id, id));
  return rows.length > 0;
}
