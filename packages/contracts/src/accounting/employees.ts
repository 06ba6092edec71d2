import { z } from 'zod';
import { erpAccess, masterCode, masterEndpoints, masterName, yesNo } from './warehouses.ts';

/** Spec 3 job titles, lowest to highest. */
export const JOB_TITLES = ['STAFF', 'NON_STAFF', 'SUPERVISOR', 'MANAGER', 'GENERAL_MANAGER', 'VICE_DIRECTOR', 'DIRECTOR', 'PRESIDENT_DIRECTOR'] as const;
export type JobTitle = (typeof JOB_TITLES)[number];

/** Employment type (PKWTT permanent, PKWT contract, probation, internship, outsourced). */
export const EMPLOYEE_TYPES = ['PERMANENT', 'CONTRACT', 'PROBATION', 'INTERNSHIP', 'OUTSOURCED'] as const;
/** Employment status; resigned needs a resign date and retired a pension date (employee_status_date_required). */
export const EMPLOYEE_STATUSES = ['ACTIVE', 'ON_LEAVE', 'RESIGNED', 'RETIRED'] as const;

export const employee = z.object({
  employeeId: z.string(),
  employeeCode: z.string(),
  employeeName: z.string(),
  employeeType: z.enum(EMPLOYEE_TYPES),
  birthPlace: z.string().nullable(),
  birthDate: z.string().nullable(),
  identityNumber: z.string().nullable(),
  joinDate: z.string(),
  resignDate: z.string().nullable(),
  pensionDate: z.string().nullable(),
  jobTitle: z.enum(JOB_TITLES),
  status: z.enum(EMPLOYEE_STATUSES),
  active: yesNo,
});
export type Employee = z.infer<typeof employee>;

export const employeeInput = z.object({
  employeeCode: masterCode.default(''),
  employeeName: masterName,
  employeeType: z.enum(EMPLOYEE_TYPES),
  birthPlace: z.string().trim().max(100).nullable().default(null),
  birthDate: z.iso.date().nullable().default(null),
  /** NIK (16 digits) or another identity document number. */
  identityNumber: z
    .string()
    .trim()
    .max(30)
    .regex(/^[0-9A-Za-z.-]+$/, 'letters, digits, dot or dash')
    .nullable()
    .default(null),
  joinDate: z.iso.date(),
  resignDate: z.iso.date().nullable().default(null),
  pensionDate: z.iso.date().nullable().default(null),
  jobTitle: z.enum(JOB_TITLES),
  status: z.enum(EMPLOYEE_STATUSES).default('ACTIVE'),
});
export type EmployeeInput = z.output<typeof employeeInput>;

/** The employee list's sort fields; job titles sort by rank and statuses in their order above, not by name. */
export const EMPLOYEE_SORT = ['code', 'name', 'jobTitle', 'joinDate', 'status', 'active'] as const;

const emp = masterEndpoints({
  path: '/v1/erp/employees',
  label: 'employee',
  idName: 'employeeId',
  item: employee,
  input: employeeInput,
  filters: { jobTitle: z.enum(JOB_TITLES).optional(), status: z.enum(EMPLOYEE_STATUSES).optional() },
  sort: EMPLOYEE_SORT,
  access: erpAccess('Employee'),
});

export const employeeEndpoints = {
  listEmployees: emp.list,
  getEmployee: emp.get,
  createEmployee: emp.create,
  updateEmployee: emp.update,
  setEmployeeActive: emp.setActive,
  deleteEmployee: emp.remove,
  exportEmployees: emp.export,
  importEmployees: emp.import,
};
