import { asc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { EMPLOYEE_STATUSES, JOB_TITLES, type EMPLOYEE_SORT, type EMPLOYEE_TYPES, type Employee, type EmployeeInput, type SortValue } from '@nusa/contracts';
import { caseless, positionIn } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { recordKit } from '../../../platform/records/kit.ts';
import { isDropdown, yn } from '../../../platform/records/query.ts';
import { defineSheet, type ValueNames } from '../../../platform/records/sheet.ts';
import { nextCode } from '../document-templates/service.ts';
import { employees } from './schema.ts';

export interface EmployeeFilter {
  keyword?: string;
  active?: 'Y' | 'N';
  jobTitle?: Employee['jobTitle'];
  status?: Employee['status'];
  sort?: SortValue<(typeof EMPLOYEE_SORT)[number]>;
}

/** Value names as the export writes them; the import reads them back. */
export const NAMES = {
  type: {
    id: { PERMANENT: 'Tetap', CONTRACT: 'Kontrak', PROBATION: 'Masa Percobaan', INTERNSHIP: 'Magang', OUTSOURCED: 'Alih Daya' },
    en: { PERMANENT: 'Permanent', CONTRACT: 'Contract', PROBATION: 'Probation', INTERNSHIP: 'Internship', OUTSOURCED: 'Outsourced' },
  },
  job: {
    id: {
      STAFF: 'Staf',
      NON_STAFF: 'Non Staf',
      SUPERVISOR: 'Supervisor',
      MANAGER: 'Manajer',
      GENERAL_MANAGER: 'Manajer Umum',
      VICE_DIRECTOR: 'Wakil Direktur',
      DIRECTOR: 'Direktur',
      PRESIDENT_DIRECTOR: 'Direktur Utama',
    },
    en: {
      STAFF: 'Staff',
      NON_STAFF: 'Non Staff',
      SUPERVISOR: 'Supervisor',
      MANAGER: 'Manager',
      GENERAL_MANAGER: 'General Manager',
      VICE_DIRECTOR: 'Vice Director',
      DIRECTOR: 'Director',
      PRESIDENT_DIRECTOR: 'President Director',
    },
  },
  status: {
    id: { ACTIVE: 'Aktif', ON_LEAVE: 'Cuti', RESIGNED: 'Keluar', RETIRED: 'Pensiun' },
    en: { ACTIVE: 'Active', ON_LEAVE: 'On Leave', RESIGNED: 'Resigned', RETIRED: 'Retired' },
  },
} satisfies {
  type: ValueNames<(typeof EMPLOYEE_TYPES)[number]>;
  job: ValueNames<(typeof JOB_TITLES)[number]>;
  status: ValueNames<(typeof EMPLOYEE_STATUSES)[number]>;
};

/** The employee sheet: the export writes it, the import reads it back. */
export const EMPLOYEE_SHEET = defineSheet<Employee>()({
  name: { id: 'Karyawan', en: 'Employees' },
  fields: {
    employeeCode: { id: 'Kode', en: 'Code', width: 14, value: (r) => r.employeeCode },
    employeeName: { id: 'Nama', en: 'Name', width: 28, value: (r) => r.employeeName },
    employeeType: { id: 'Tipe', en: 'Type', width: 16, value: (r, lang) => NAMES.type[lang][r.employeeType] },
    birthPlace: { id: 'Tempat Lahir', en: 'Birth Place', width: 16, value: (r) => r.birthPlace },
    birthDate: { id: 'Tanggal Lahir', en: 'Birth Date', width: 14, value: (r) => r.birthDate },
    identityNumber: { id: 'No. Identitas', en: 'Identity No.', width: 20, value: (r) => r.identityNumber },
    joinDate: { id: 'Tanggal Bergabung', en: 'Join Date', width: 14, value: (r) => r.joinDate },
    resignDate: { id: 'Tanggal Keluar', en: 'Resign Date', width: 14, value: (r) => r.resignDate },
    pensionDate: { id: 'Tanggal Pensiun', en: 'Pension Date', width: 14, value: (r) => r.pensionDate },
    jobTitle: { id: 'Jabatan', en: 'Job Title', width: 18, value: (r, lang) => NAMES.job[lang][r.jobTitle] },
    status: { id: 'Status', en: 'Status', width: 12, value: (r, lang) => NAMES.status[lang][r.status] },
    active: { id: 'Aktif', en: 'Active', width: 8, value: (r) => r.active },
  },
});

const kit = recordKit({
  table: employees,
  module: 'accounting.employee',
  entity: 'employee',
  errors: { notFound: 'employee_not_found', codeTaken: 'employee_code_already_exists' },
  filters: (f: EmployeeFilter) => [f.jobTitle ? eq(employees.jobTitle, f.jobTitle) : undefined, f.status ? eq(employees.status, f.status) : undefined],
  sort: {
    columns: {
      code: caseless(employees.code),
      name: caseless(employees.name),
      jobTitle: positionIn(JOB_TITLES, employees.jobTitle),
      joinDate: employees.joinDate,
      status: positionIn(EMPLOYEE_STATUSES, employees.status),
      active: employees.active,
    },
    fallback: [asc(sql`lower(${employees.code})`)],
  },
  toRecords: (_tx, rows) =>
    rows.map((r): Employee => ({
      employeeId: r.id,
      employeeCode: r.code,
      employeeName: r.name,
      employeeType: r.type as Employee['employeeType'],
      birthPlace: r.birthPlace,
      birthDate: r.birthDate,
      identityNumber: r.identityNumber,
      joinDate: r.joinDate,
      resignDate: r.resignDate,
      pensionDate: r.pensionDate,
      jobTitle: r.jobTitle as Employee['jobTitle'],
      status: r.status as Employee['status'],
      active: yn(r.active),
    })),
  idOf: (r) => r.employeeId,
  codeOf: (r) => r.employeeCode,
  nextCode: (tx, tenantId, taken) => nextCode(tx, tenantId, 'employee', undefined, taken),
  // No table refers to employees yet; the modules that will (sales orders, approvals) add their usage check here.
  sheet: EMPLOYEE_SHEET,
});

/** The list; at the dropdown size (30) only active employees. */
export const listEmployees = (tx: Tx, f: EmployeeFilter & { page: number; limit: number }) =>
  kit.list(tx, { ...f, active: isDropdown(f.limit) ? 'Y' : f.active });

export const getEmployee = (tx: Tx, id: string): Promise<Employee> => kit.get(tx, id);

/** For other modules and the import: the employee of a code, or undefined. */
export const findEmployeeByCode = (tx: Tx, code: string): Promise<Employee | undefined> => kit.findByCode(tx, code);

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

const fields = (i: EmployeeInput) => ({
  name: i.employeeName,
  type: i.employeeType,
  birthPlace: i.birthPlace,
  birthDate: i.birthDate,
  identityNumber: i.identityNumber,
  joinDate: i.joinDate,
  resignDate: i.resignDate,
  pensionDate: i.pensionDate,
  jobTitle: i.jobTitle,
  status: i.status,
});

export async function createEmployee(tx: Tx, actor: Actor, input: EmployeeInput): Promise<Employee> {
  checkDates(input);
  return kit.create(tx, actor, input.employeeCode, fields(input));
}

export async function updateEmployee(tx: Tx, actor: Actor, id: string, input: EmployeeInput): Promise<Employee> {
  await kit.get(tx, id);
  checkDates(input);
  return kit.update(tx, actor, id, input.employeeCode, fields(input));
}

export const setEmployeeActive = (tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<Employee> => kit.setActive(tx, actor, id, active);

export const deleteEmployee = (tx: Tx, actor: Actor, id: string): Promise<void> => kit.remove(tx, actor, id);

export const exportEmployees = (tx: Tx, f: EmployeeFilter, lang: 'id' | 'en'): Promise<Buffer> => kit.exportXlsx(tx, f, lang);

export async function seedEmployees(tx: Tx, tenantId: string) {
  const rows = [
    ['EMP-0001', 'Hendra Gunawan', 'PERMANENT', 'Jakarta', '1978-03-12', '3171031203780001', '2010-01-04', 'PRESIDENT_DIRECTOR'],
    ['EMP-0002', 'Sri Wahyuni', 'PERMANENT', 'Yogyakarta', '1985-07-21', '3404016107850002', '2013-06-03', 'MANAGER'],
    ['EMP-0003', 'Andi Pratama', 'PERMANENT', 'Makassar', '1990-11-02', '7371020211900003', '2017-02-01', 'SUPERVISOR'],
    ['EMP-0004', 'Putri Maharani', 'CONTRACT', 'Bandung', '1998-05-30', '3273017005980004', '2023-09-01', 'STAFF'],
    ['EMP-0005', 'Bayu Saputra', 'INTERNSHIP', 'Semarang', '2002-01-15', '3374011501020005', '2026-07-01', 'NON_STAFF'],
  ] as const;
  await tx.insert(employees).values(
    rows.map(([code, name, type, birthPlace, birthDate, identityNumber, joinDate, jobTitle]) => ({
      tenantId,
      id: uuidv7(),
      code,
      name,
      type,
      birthPlace,
      birthDate,
      identityNumber,
      joinDate,
      jobTitle,
      status: 'ACTIVE',
    })),
  );
}
