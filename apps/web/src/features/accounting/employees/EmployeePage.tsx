import { DatePicker, Form, Input, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_STATUSES, EMPLOYEE_TYPES, JOB_TITLES, endpoints, type Employee, type JobTitle } from '@nusa/contracts';
import type { SortableColumn } from '../../../app/components/list-sort.ts';
import { MasterListPage, masterApi, type MasterFormSpec } from '../master/MasterListPage.tsx';
import { ImportReportView } from '../master/ImportButton.tsx';
import { dateNeededBy, employeeBody, employeeValues, type EmployeeValues } from './employee-form.ts';
import type { TextKey } from '../../../i18n/keys.ts';

const api = masterApi({
  list: endpoints.listEmployees,
  create: endpoints.createEmployee,
  update: endpoints.updateEmployee,
  setActive: endpoints.setEmployeeActive,
  remove: endpoints.deleteEmployee,
  export: endpoints.exportEmployees,
  import: endpoints.importEmployees,
  idName: 'employeeId',
});

type Status = (typeof EMPLOYEE_STATUSES)[number];
type Filters = { jobTitle?: JobTitle; status?: Status };
/** The import report's column keys (the sheet's, as in the export) → their labels on this screen. */
const IMPORT_COLUMNS: Record<string, TextKey> = {
  employeeCode: 'employeePage.code',
  employeeName: 'employeePage.name',
  employeeType: 'employeePage.type',
  birthPlace: 'employeePage.birthPlace',
  birthDate: 'employeePage.birthDate',
  identityNumber: 'employeePage.identityNumber',
  joinDate: 'employeePage.joinDate',
  resignDate: 'employeePage.resignDate',
  pensionDate: 'employeePage.pensionDate',
  jobTitle: 'employeePage.jobTitle',
  status: 'employeePage.status',
  active: 'masterKit.active',
};
const STATUS_COLORS: Record<Status, string> = { ACTIVE: 'green', ON_LEAVE: 'orange', RESIGNED: 'default', RETIRED: 'purple' };
/** Spec 9 dates: 21 Nov 2026 in both languages' month names. */
const DATE_FORMAT = 'D MMM YYYY';

/** Accounting › Employee (spec 3, 5): employment data and job titles from staff to president director. */
export default function EmployeePage() {
  const { t } = useTranslation();
  const showDate = (iso: string | null) => (iso ? dayjs(iso).format(DATE_FORMAT) : <span className="muted-text">—</span>);
  const columns: SortableColumn<Employee>[] = [
    { title: t('employeePage.code'), sortKey: 'code', dataIndex: 'employeeCode', width: 130, render: (code: string) => <strong>{code}</strong> },
    {
      title: t('employeePage.name'),
      sortKey: 'name',
      dataIndex: 'employeeName',
      render: (name: string, e) => (
        <div className="master-cell-stack">
          <span>{name}</span>
          <span className="muted-text">{t(`employeePage.type${e.employeeType}`)}</span>
        </div>
      ),
    },
    { title: t('employeePage.jobTitle'), sortKey: 'jobTitle', dataIndex: 'jobTitle', render: (j: JobTitle) => t(`employeePage.job${j}`) },
    { title: t('employeePage.joinDate'), sortKey: 'joinDate', dataIndex: 'joinDate', width: 130, render: showDate, responsive: ['lg'] },
    {
      title: t('employeePage.status'),
      sortKey: 'status',
      dataIndex: 'status',
      width: 150,
      render: (s: Status) => <Tag color={STATUS_COLORS[s]}>{t(`employeePage.status${s}`)}</Tag>,
    },
  ];

  const form: MasterFormSpec<Employee, EmployeeValues, ReturnType<typeof employeeBody>> = {
    codeField: 'employeeCode',
    initialValues: employeeValues,
    toBody: employeeBody,
    width: 640,
    fields: () => <EmployeeFields />,
  };

  return (
    <MasterListPage
      api={api}
      cacheKey="employees"
      title={t('page.employee')}
      subtitle={t('employeePage.description')}
      describe={(e) => `${e.employeeCode} ${e.employeeName}`}
      columns={columns}
      filters={{
        initial: {} as Filters,
        render: (value, set) => (
          <>
            <Select<JobTitle>
              allowClear
              placeholder={t('employeePage.allJobTitles')}
              aria-label={t('employeePage.filterJobTitle')}
              value={value.jobTitle}
              onChange={(jobTitle) => set({ ...value, jobTitle })}
              className="master-toolbar__filter"
              options={JOB_TITLES.map((j) => ({ value: j, label: t(`employeePage.job${j}`) }))}
            />
            <Select<Status>
              allowClear
              placeholder={t('employeePage.allStatuses')}
              aria-label={t('employeePage.filterStatus')}
              value={value.status}
              onChange={(status) => set({ ...value, status })}
              className="master-toolbar__filter"
              options={EMPLOYEE_STATUSES.map((s) => ({ value: s, label: t(`employeePage.status${s}`) }))}
            />
          </>
        ),
      }}
      form={form}
      exportName={t('employeePage.exportName')}
      searchPlaceholder={t('employeePage.search')}
      emptyText={t('employeePage.empty')}
      addLabel={t('employeePage.add')}
      editTitle={(e) => t('employeePage.editTitle', { code: e.employeeCode })}
      renderImportReport={(report) => <ImportReportView report={report} columnLabel={(c) => (c in IMPORT_COLUMNS ? t(IMPORT_COLUMNS[c]) : c)} />}
    />
  );
}

function EmployeeFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<EmployeeValues>();
  const status = Form.useWatch('status', form) as Status | undefined;
  const needs = status ? dateNeededBy(status) : undefined;
  const required = (label: string) => ({ required: true, message: t('validation.required', { label }) });
  /** A date that may not come before the join date (the server answers employee_date_before_join too). */
  const notBeforeJoin = (which: 'resign' | 'pension') => ({
    validator: async (_: unknown, v: dayjs.Dayjs | null) => {
      const join = form.getFieldValue('joinDate') as dayjs.Dayjs | null;
      if (v && join && v.isBefore(join, 'day')) throw new Error(t('error.employee_date_before_join', { 0: t(`employeePage.dateWord_${which}`) }));
    },
  });
  const datePicker = (label: string) => <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} aria-label={label} />;
  return (
    <>
      <div className="master-form-grid">
        <Form.Item
          name="employeeCode"
          label={t('employeePage.code')}
          extra={t('employeePage.codeHint')}
          rules={[{ pattern: /^[A-Za-z0-9._/-]*$/, message: t('employeePage.codePattern') }]}
        >
          <Input maxLength={30} autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="employeeType" label={t('employeePage.type')} rules={[required(t('employeePage.type'))]}>
          <Select options={EMPLOYEE_TYPES.map((v) => ({ value: v, label: t(`employeePage.type${v}`) }))} />
        </Form.Item>
      </div>
      <Form.Item name="employeeName" label={t('employeePage.name')} rules={[{ ...required(t('employeePage.name')), whitespace: true }]}>
        <Input maxLength={150} showCount autoComplete="off" />
      </Form.Item>
      <div className="master-form-grid">
        <Form.Item name="birthPlace" label={t('employeePage.birthPlace')}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="birthDate"
          label={t('employeePage.birthDate')}
          dependencies={['joinDate']}
          rules={[
            {
              validator: async (_: unknown, v: dayjs.Dayjs | null) => {
                const join = form.getFieldValue('joinDate') as dayjs.Dayjs | null;
                if (v && join && v.isAfter(join, 'day')) throw new Error(t('error.employee_date_before_join', { 0: t('employeePage.dateWord_birth') }));
              },
            },
          ]}
        >
          {datePicker(t('employeePage.birthDate'))}
        </Form.Item>
      </div>
      <Form.Item
        name="identityNumber"
        label={t('employeePage.identityNumber')}
        extra={t('employeePage.identityHint')}
        rules={[{ pattern: /^[0-9A-Za-z.-]*$/, message: t('employeePage.identityPattern') }]}
      >
        <Input maxLength={30} autoComplete="off" />
      </Form.Item>
      <div className="master-form-grid">
        <Form.Item name="jobTitle" label={t('employeePage.jobTitle')} rules={[required(t('employeePage.jobTitle'))]}>
          <Select options={JOB_TITLES.map((j) => ({ value: j, label: t(`employeePage.job${j}`) }))} />
        </Form.Item>
        <Form.Item name="status" label={t('employeePage.status')} rules={[required(t('employeePage.status'))]}>
          <Select options={EMPLOYEE_STATUSES.map((s) => ({ value: s, label: t(`employeePage.status${s}`) }))} />
        </Form.Item>
      </div>
      <div className="master-form-grid">
        <Form.Item name="joinDate" label={t('employeePage.joinDate')} rules={[required(t('employeePage.joinDate'))]}>
          {datePicker(t('employeePage.joinDate'))}
        </Form.Item>
        <Form.Item
          name="resignDate"
          label={t('employeePage.resignDate')}
          dependencies={['joinDate', 'status']}
          rules={[...(needs === 'resignDate' ? [required(t('employeePage.resignDate'))] : []), notBeforeJoin('resign')]}
        >
          {datePicker(t('employeePage.resignDate'))}
        </Form.Item>
        <Form.Item
          name="pensionDate"
          label={t('employeePage.pensionDate')}
          dependencies={['joinDate', 'status']}
          rules={[...(needs === 'pensionDate' ? [required(t('employeePage.pensionDate'))] : []), notBeforeJoin('pension')]}
        >
          {datePicker(t('employeePage.pensionDate'))}
        </Form.Item>
      </div>
    </>
  );
}
