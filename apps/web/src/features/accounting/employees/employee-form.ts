import dayjs, { type Dayjs } from 'dayjs';
import type { Employee, EmployeeInput } from '@nusa/contracts';

type DateField = 'birthDate' | 'joinDate' | 'resignDate' | 'pensionDate';

/** The employee form's values: dates as dayjs (antd DatePicker), optional texts as ''. */
export interface EmployeeValues extends Omit<EmployeeInput, DateField | 'birthPlace' | 'identityNumber'> {
  birthPlace: string;
  identityNumber: string;
  birthDate: Dayjs | null;
  joinDate: Dayjs | null;
  resignDate: Dayjs | null;
  pensionDate: Dayjs | null;
}

const day = (iso: string | null) => (iso ? dayjs(iso) : null);
/** A calendar date as the API takes it (YYYY-MM-DD), from the date the user picked, never through UTC. */
export const isoDate = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

export const employeeValues = (row?: Employee): EmployeeValues =>
  row
    ? {
        employeeCode: row.employeeCode,
        employeeName: row.employeeName,
        employeeType: row.employeeType,
        birthPlace: row.birthPlace ?? '',
        birthDate: day(row.birthDate),
        identityNumber: row.identityNumber ?? '',
        joinDate: day(row.joinDate),
        resignDate: day(row.resignDate),
        pensionDate: day(row.pensionDate),
        jobTitle: row.jobTitle,
        status: row.status,
      }
    : {
        employeeCode: '',
        employeeName: '',
        employeeType: 'PERMANENT',
        birthPlace: '',
        birthDate: null,
        identityNumber: '',
        joinDate: null,
        resignDate: null,
        pensionDate: null,
        jobTitle: 'STAFF',
        status: 'ACTIVE',
      };

const text = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);

export const employeeBody = (v: EmployeeValues): EmployeeInput => ({
  employeeCode: v.employeeCode?.trim() ?? '',
  employeeName: v.employeeName.trim(),
  employeeType: v.employeeType,
  birthPlace: text(v.birthPlace),
  birthDate: isoDate(v.birthDate),
  identityNumber: text(v.identityNumber),
  joinDate: isoDate(v.joinDate) ?? '',
  resignDate: isoDate(v.resignDate),
  pensionDate: isoDate(v.pensionDate),
  jobTitle: v.jobTitle,
  status: v.status,
});

/** The date a status needs (spec: resigned → resign date, retired → pension date), as the server checks it. */
export const dateNeededBy = (status: EmployeeInput['status']): 'resignDate' | 'pensionDate' | undefined =>
  status === 'RESIGNED' ? 'resignDate' : status === 'RETIRED' ? 'pensionDate' : undefined;
