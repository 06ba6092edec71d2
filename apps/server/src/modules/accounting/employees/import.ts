import type { Readable } from 'node:stream';
import { EMPLOYEE_STATUSES, EMPLOYEE_TYPES, employeeInput, JOB_TITLES, type EmployeeInput } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { sameFields, validated } from '../../../platform/files/sheet-import.ts';
import { importSheet } from '../../../platform/records/import.ts';
import { createEmployee, EMPLOYEE_SHEET, findEmployeeByCode, NAMES, setEmployeeActive, updateEmployee } from './service.ts';

/** The date fields of employee_date_before_join ('resign', 'pension', 'birth') and their columns. */
const DATE_COLUMNS = { resign: 'resignDate', pension: 'pensionDate', birth: 'birthDate' } as const;

/** Employees from xlsx: upsert by code through the employee service, with its date and status rules. */
export function importEmployees(tx: Tx, actor: Actor, file: Readable) {
  return importSheet(tx, file, EMPLOYEE_SHEET, {
    required: ['employeeCode', 'employeeName', 'employeeType', 'joinDate', 'jobTitle'],
    keyColumn: 'employeeCode',
    find: (code) => findEmployeeByCode(tx, code),
    columnOf: (code, args) => {
      if (code === 'employee_date_before_join') return DATE_COLUMNS[args[0] as keyof typeof DATE_COLUMNS];
      if (code === 'employee_status_date_required') return args[0] === 'RESIGNED' ? 'resignDate' : 'pensionDate';
      return undefined;
    },
    parse: (row) => ({
      input: validated(employeeInput, {
        employeeCode: row.text('employeeCode'),
        employeeName: row.text('employeeName'),
        employeeType: row.choice('employeeType', EMPLOYEE_TYPES, NAMES.type),
        birthPlace: row.text('birthPlace'),
        birthDate: row.date('birthDate'),
        identityNumber: row.text('identityNumber'),
        joinDate: row.date('joinDate'),
        resignDate: row.date('resignDate'),
        pensionDate: row.date('pensionDate'),
        jobTitle: row.choice('jobTitle', JOB_TITLES, NAMES.job),
        status: row.choice('status', EMPLOYEE_STATUSES, NAMES.status),
      }) as EmployeeInput,
      active: row.flag('active'),
    }),
    codeOf: (input) => input.employeeCode,
    same: (r, input) => sameFields(r, input),
    create: (input) => createEmployee(tx, actor, input),
    update: (r, input) => updateEmployee(tx, actor, r.employeeId, input),
    setActive: (r, a) => setEmployeeActive(tx, actor, r.employeeId, a),
  });
}
