import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { EMPLOYEE_STATUSES, EMPLOYEE_TYPES, employeeInput, JOB_TITLES, type EmployeeInput } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { exportedCells, importRecords, sameFields, upsertRecord, validated, type SheetColumns } from '../../../platform/files/sheet-import.ts';
import { createEmployee, employeeSheetColumns, getEmployee, LABELS, setEmployeeActive, updateEmployee } from './service.ts';
import { employees } from './schema.ts';

const KEYS = [
  'employeeCode', 'employeeName', 'employeeType', 'birthPlace', 'birthDate', 'identityNumber', 'joinDate', 'resignDate', 'pensionDate', 'jobTitle', 'status', 'active',
] as const;

/** The headings of the employee export (same order), which the import reads back. */
export const EMPLOYEE_COLUMNS = Object.fromEntries(KEYS.map((k, i) => [k, { id: LABELS.id.headers[i], en: LABELS.en.headers[i] }])) as SheetColumns<(typeof KEYS)[number]>;

const names = <K extends 'type' | 'job' | 'status'>(k: K) => ({ id: LABELS.id[k], en: LABELS.en[k] });

/** The date fields of employee_date_before_join ('resign', 'pension', 'birth') and their columns. */
const DATE_COLUMNS = { resign: 'resignDate', pension: 'pensionDate', birth: 'birthDate' } as const;

async function findByCode(tx: Tx, code: string) {
  const rows = await tx.select({ id: employees.id }).from(employees).where(sql`lower(${employees.code}) = lower(${code})`);
  return rows[0] ? getEmployee(tx, rows[0].id) : undefined;
}

/** Employees from xlsx: upsert by code through the employee service, with its date and status rules. */
export function importEmployees(tx: Tx, actor: Actor, file: Readable) {
  return importRecords(tx, file, {
    columns: EMPLOYEE_COLUMNS,
    required: ['employeeCode', 'employeeName', 'employeeType', 'joinDate', 'jobTitle'],
    keyColumn: 'employeeCode',
    stored: async (row) => {
      const code = row.text('employeeCode');
      const stored = code ? await findByCode(tx, code) : undefined;
      return stored && exportedCells(EMPLOYEE_COLUMNS, employeeSheetColumns('id'), stored);
    },
    columnOf: (code, args) => {
      if (code === 'employee_date_before_join') return DATE_COLUMNS[args[0] as keyof typeof DATE_COLUMNS];
      if (code === 'employee_status_date_required') return args[0] === 'RESIGNED' ? 'resignDate' : 'pensionDate';
      return undefined;
    },
    parse: (row) => ({
      input: validated(employeeInput, {
        employeeCode: row.text('employeeCode'), employeeName: row.text('employeeName'),
        employeeType: row.choice('employeeType', EMPLOYEE_TYPES, names('type')), birthPlace: row.text('birthPlace'), birthDate: row.date('birthDate'),
        identityNumber: row.text('identityNumber'), joinDate: row.date('joinDate'), resignDate: row.date('resignDate'), pensionDate: row.date('pensionDate'),
        jobTitle: row.choice('jobTitle', JOB_TITLES, names('job')), status: row.choice('status', EMPLOYEE_STATUSES, names('status')),
      }) as EmployeeInput,
      active: row.flag('active'),
    }),
    keyOf: (v) => v.input.employeeCode.toLowerCase(),
    save: async ({ input, active }, guard) => upsertRecord({
      guard,
      stored: input.employeeCode ? await findByCode(tx, input.employeeCode) : undefined,
      active,
      same: (r) => sameFields(r, input),
      create: () => createEmployee(tx, actor, input),
      update: (r) => updateEmployee(tx, actor, r.employeeId, input),
      setActive: (r, a) => setEmployeeActive(tx, actor, r.employeeId, a),
    }),
  });
}
