import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { EMPLOYEE_STATUSES, JOB_TITLES, type EMPLOYEE_SORT, type EMPLOYEE_TYPES, type Employee, type EmployeeInput, type SortValue } from '@nusa/contracts';
import { caseless, listOrder, positionIn } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { writeXlsx, type XlsxColumn } from '../../../platform/files/xlsx.ts';
import { codeOrNameLike, codeOrNext, XLSX_EXPORT_LIMIT, yn } from '../warehouses/master-helpers.ts';
import { employees } from './schema.ts';

const MODULE = 'erp.employee';

type Row = typeof employees.$inferSelect;
const toEmployee = (r: Row): Employee => ({
  employeeId: r.id, employeeCode: r.code, employeeName: r.name, employeeType: r.type as Employee['employeeType'], birthPlace: r.birthPlace,
  birthDate: r.birthDate, identityNumber: r.identityNumber, joinDate: r.joinDate, resignDate: r.resignDate, pensionDate: r.pensionDate,
  jobTitle: r.jobTitle as Employee['jobTitle'], status: r.status as Employee['status'], active: yn(r.active),
});

export interface EmployeeFilter {
  keyword?: string; active?: 'Y' | 'N'; jobTitle?: Employee['jobTitle']; status?: Employee['status']; sort?: SortValue<(typeof EMPLOYEE_SORT)[number]>;
}

const SORT_COLUMNS = {
  code: caseless(employees.code), name: caseless(employees.name), jobTitle: positionIn(JOB_TITLES, employees.jobTitle), joinDate: employees.joinDate,
  status: positionIn(EMPLOYEE_STATUSES, employees.status), active: employees.active,
};
const order = (f: EmployeeFilter) => listOrder(f.sort, SORT_COLUMNS, [asc(sql`lower(${employees.code})`)], employees.id);

function conditions(f: EmployeeFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.keyword) where.push(codeOrNameLike(employees.code, employees.name, f.keyword));
  if (f.active) where.push(eq(employees.active, f.active === 'Y'));
  if (f.jobTitle) where.push(eq(employees.jobTitle, f.jobTitle));
  if (f.status) where.push(eq(employees.status, f.status));
  return where.length ? and(...where) : undefined;
}

/** The list; at the dropdown size (30) only active employees. */
export async function listEmployees(tx: Tx, f: EmployeeFilter & { page: number; limit: number }) {
  const condition = conditions({ ...f, active: f.limit === 30 ? 'Y' : f.active });
  const rows = await tx.select().from(employees).where(condition).orderBy(...order(f)).limit(f.limit).offset((f.page - 1) * f.limit);
  const total = await tx.select({ n: sql<number>`count(*)::int` }).from(employees).where(condition);
  return { items: rows.map(toEmployee), total: total[0].n };
}

export async function getEmployee(tx: Tx, id: string): Promise<Employee> {
  const rows = await tx.select().from(employees).where(eq(employees.id, id));
  if (!rows[0]) throw new AppError('employee_not_found', [id]);
  return toEmployee(rows[0]);
}

/**
 * Resign and pension dates are never before the join date; a resigned employee has a resign date and a retired one
 * a pension date. ISO dates compare as strings.
 */
function checkDates(input: EmployeeInput) {
  if (input.resignDate && input.resignDate < input.joinDate) throw new AppError('employee_date_before_join', ['resign']);
  if (input.pensionDate && input.pensionDate < input.joinDate) throw new AppError('employee_date_before_join', ['pension']);
  if (input.birthDate && input.birthDate > input.joinDate) throw new AppError('employee_date_before_join', ['birth']);
  if (input.status === 'RESIGNED' && !input.resignDate) throw new AppError('employee_status_date_required', ['RESIGNED', 'resign']);
  if (input.status === 'RETIRED' && !input.pensionDate) throw new AppError('employee_status_date_required', ['RETIRED', 'pension']);
}

async function assertCodeFree(tx: Tx, code: string, exceptId?: string) {
  const rows = await tx.select({ id: employees.id }).from(employees).where(sql`lower(${employees.code}) = lower(${code})`);
  if (rows.some((r) => r.id !== exceptId)) throw new AppError('employee_code_already_exists', [code]);
}

const fields = (i: EmployeeInput) => ({
  name: i.employeeName, type: i.employeeType, birthPlace: i.birthPlace, birthDate: i.birthDate, identityNumber: i.identityNumber,
  joinDate: i.joinDate, resignDate: i.resignDate, pensionDate: i.pensionDate, jobTitle: i.jobTitle, status: i.status,
});

export async function createEmployee(tx: Tx, actor: Actor, input: EmployeeInput): Promise<Employee> {
  checkDates(input);
  const code = await codeOrNext(tx, actor.tenantId, 'employee', input.employeeCode,
    async (c) => (await tx.select({ id: employees.id }).from(employees).where(sql`lower(${employees.code}) = lower(${c})`)).length > 0);
  await assertCodeFree(tx, code);
  const id = uuidv7();
  await tx.insert(employees).values({ tenantId: actor.tenantId, id, code, ...fields(input) });
  const after = await getEmployee(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'create', entity: 'employee', entityId: id, after });
  return after;
}

export async function updateEmployee(tx: Tx, actor: Actor, id: string, input: EmployeeInput): Promise<Employee> {
  const before = await getEmployee(tx, id);
  checkDates(input);
  const code = input.employeeCode || before.employeeCode;
  await assertCodeFree(tx, code, id);
  await tx.update(employees).set({ code, ...fields(input) }).where(eq(employees.id, id));
  const after = await getEmployee(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'employee', entityId: id, before, after });
  return after;
}

export async function setEmployeeActive(tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<Employee> {
  const before = await getEmployee(tx, id);
  await tx.update(employees).set({ active: active === 'Y' }).where(eq(employees.id, id));
  const after = await getEmployee(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: active === 'Y' ? 'activate' : 'deactivate', entity: 'employee', entityId: id, before, after });
  return after;
}

/** No table refers to employees yet; the modules that will (sales orders, approvals) add their usage check here. */
export async function deleteEmployee(tx: Tx, actor: Actor, id: string) {
  const before = await getEmployee(tx, id);
  await tx.delete(employees).where(eq(employees.id, id));
  await writeAudit(tx, actor, { module: MODULE, action: 'delete', entity: 'employee', entityId: id, before });
}

/** Export headings and value names; the import reads them back. */
export const LABELS = {
  id: {
    headers: ['Kode', 'Nama', 'Tipe', 'Tempat Lahir', 'Tanggal Lahir', 'No. Identitas', 'Tanggal Bergabung', 'Tanggal Keluar', 'Tanggal Pensiun', 'Jabatan', 'Status', 'Aktif'],
    type: { PERMANENT: 'Tetap', CONTRACT: 'Kontrak', PROBATION: 'Masa Percobaan', INTERNSHIP: 'Magang', OUTSOURCED: 'Alih Daya' },
    job: { STAFF: 'Staf', NON_STAFF: 'Non Staf', SUPERVISOR: 'Supervisor', MANAGER: 'Manajer', GENERAL_MANAGER: 'Manajer Umum', VICE_DIRECTOR: 'Wakil Direktur', DIRECTOR: 'Direktur', PRESIDENT_DIRECTOR: 'Direktur Utama' },
    status: { ACTIVE: 'Aktif', ON_LEAVE: 'Cuti', RESIGNED: 'Keluar', RETIRED: 'Pensiun' },
  },
  en: {
    headers: ['Code', 'Name', 'Type', 'Birth Place', 'Birth Date', 'Identity No.', 'Join Date', 'Resign Date', 'Pension Date', 'Job Title', 'Status', 'Active'],
    type: { PERMANENT: 'Permanent', CONTRACT: 'Contract', PROBATION: 'Probation', INTERNSHIP: 'Internship', OUTSOURCED: 'Outsourced' },
    job: { STAFF: 'Staff', NON_STAFF: 'Non Staff', SUPERVISOR: 'Supervisor', MANAGER: 'Manager', GENERAL_MANAGER: 'General Manager', VICE_DIRECTOR: 'Vice Director', DIRECTOR: 'Director', PRESIDENT_DIRECTOR: 'President Director' },
    status: { ACTIVE: 'Active', ON_LEAVE: 'On Leave', RESIGNED: 'Resigned', RETIRED: 'Retired' },
  },
} satisfies Record<'id' | 'en', {
  headers: string[]; type: Record<(typeof EMPLOYEE_TYPES)[number], string>; job: Record<(typeof JOB_TITLES)[number], string>; status: Record<(typeof EMPLOYEE_STATUSES)[number], string>;
}>;

export async function exportEmployees(tx: Tx, f: EmployeeFilter, lang: 'id' | 'en'): Promise<Buffer> {
  const rows = (await tx.select().from(employees).where(conditions(f)).orderBy(...order(f)).limit(XLSX_EXPORT_LIMIT)).map(toEmployee);
  return writeXlsx<Employee>(lang === 'id' ? 'Karyawan' : 'Employees', employeeSheetColumns(lang), rows);
}

/** The export's columns; the import reads a stored employee's cells from them too. */
export function employeeSheetColumns(lang: 'id' | 'en'): XlsxColumn<Employee>[] {
  const l = LABELS[lang];
  const h = l.headers;
  return [
    { header: h[0], width: 14, value: (r) => r.employeeCode },
    { header: h[1], width: 28, value: (r) => r.employeeName },
    { header: h[2], width: 16, value: (r) => l.type[r.employeeType] },
    { header: h[3], width: 16, value: (r) => r.birthPlace },
    { header: h[4], width: 14, value: (r) => r.birthDate },
    { header: h[5], width: 20, value: (r) => r.identityNumber },
    { header: h[6], width: 14, value: (r) => r.joinDate },
    { header: h[7], width: 14, value: (r) => r.resignDate },
    { header: h[8], width: 14, value: (r) => r.pensionDate },
    { header: h[9], width: 18, value: (r) => l.job[r.jobTitle] },
    { header: h[10], width: 12, value: (r) => l.status[r.status] },
    { header: h[11], width: 8, value: (r) => r.active },
  ];
}

export async function seedEmployees(tx: Tx, tenantId: string) {
  const rows = [
    ['EMP-0001', 'Hendra Gunawan', 'PERMANENT', 'Jakarta', '1978-03-12', '3171031203780001', '2010-01-04', 'PRESIDENT_DIRECTOR'],
    ['EMP-0002', 'Sri Wahyuni', 'PERMANENT', 'Yogyakarta', '1985-07-21', '3404016107850002', '2013-06-03', 'MANAGER'],
    ['EMP-0003', 'Andi Pratama', 'PERMANENT', 'Makassar', '1990-11-02', '7371020211900003', '2017-02-01', 'SUPERVISOR'],
    ['EMP-0004', 'Putri Maharani', 'CONTRACT', 'Bandung', '1998-05-30', '3273017005980004', '2023-09-01', 'STAFF'],
    ['EMP-0005', 'Bayu Saputra', 'INTERNSHIP', 'Semarang', '2002-01-15', '3374011501020005', '2026-07-01', 'NON_STAFF'],
  ] as const;
  await tx.insert(employees).values(rows.map(([code, name, type, birthPlace, birthDate, identityNumber, joinDate, jobTitle]) => ({
    tenantId, id: uuidv7(), code, name, type, birthPlace, birthDate, identityNumber, joinDate, jobTitle, status: 'ACTIVE',
  })));
}
