import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { Employee } from '@nusa/contracts';
import { dateNeededBy, employeeBody, employeeValues, isoDate } from './employee-form.ts';

const saved: Employee = {
  employeeId: 'e1',
  employeeCode: 'EMP-0007',
  employeeName: 'Rina Kurniawati',
  employeeType: 'CONTRACT',
  birthPlace: 'Bandung',
  birthDate: '1994-02-28',
  identityNumber: '3273012802940001',
  joinDate: '2021-07-01',
  resignDate: null,
  pensionDate: null,
  jobTitle: 'SUPERVISOR',
  status: 'ACTIVE',
  active: 'Y',
};

describe('employee form mapping', () => {
  it('round-trips a saved employee to the same body, dates unchanged', () => {
    const { employeeId: _id, active: _active, ...body } = saved;
    expect(employeeBody(employeeValues(saved))).toEqual(body);
  });

  it('sends calendar dates as picked and blanks as null', () => {
    const v = { ...employeeValues(), employeeName: ' Agus ', joinDate: dayjs('2026-01-31T23:30:00'), birthPlace: '  ' };
    expect(employeeBody(v)).toMatchObject({
      employeeName: 'Agus',
      joinDate: '2026-01-31',
      birthPlace: null,
      birthDate: null,
      identityNumber: null,
      status: 'ACTIVE',
    });
    expect(isoDate(null)).toBeNull();
  });

  it('knows which date a status needs', () => {
    expect(dateNeededBy('RESIGNED')).toBe('resignDate');
    expect(dateNeededBy('RETIRED')).toBe('pensionDate');
    expect(dateNeededBy('ACTIVE')).toBeUndefined();
    expect(dateNeededBy('ON_LEAVE')).toBeUndefined();
  });
});
