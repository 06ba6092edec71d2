import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { COA_CODE_PATTERN, SEGMENT_GROUP_NAME_MAX, endpoints, type SegmentGroup } from '@nusa/contracts';
import { MasterListPage, masterApi } from '../master/MasterListPage.tsx';
import { useLabelledImportReport } from './import-report.tsx';

const api = masterApi({
  list: endpoints.listSegmentGroups,
  create: endpoints.createSegmentGroup,
  update: endpoints.updateSegmentGroup,
  setActive: endpoints.setSegmentGroupActive,
  remove: endpoints.deleteSegmentGroup,
  export: endpoints.exportSegmentGroups,
  import: endpoints.importSegmentGroups,
  idName: 'segmentId',
});

interface SegmentForm {
  segmentCode: string;
  segmentName: string;
}

/** Segment groups: the reporting segments of the chart of accounts. */
export function SegmentGroupsTab() {
  const { t } = useTranslation();
  const required = (label: string) => ({ required: true, whitespace: true, message: t('validation.required', { label }) });
  const importReport = useLabelledImportReport({ segmentCode: t('ledger.code'), segmentName: t('ledger.name'), active: t('crud.active') });
  return (
    <MasterListPage<SegmentGroup, SegmentForm, Record<string, never>, SegmentForm>
      embedded
      api={api}
      cacheKey="coa-segments"
      title={t('segmentGroups.tab')}
      describe={(s) => `${s.segmentCode} - ${s.segmentName}`}
      exportName="segment-groups"
      searchPlaceholder={t('segmentGroups.search')}
      emptyText={t('segmentGroups.empty')}
      addLabel={t('segmentGroups.add')}
      editTitle={(s) => t('segmentGroups.editTitle', { code: s.segmentCode })}
      activeFilter={false}
      renderImportReport={importReport}
      scrollX={640}
      columns={[
        { title: t('ledger.code'), sortKey: 'code', dataIndex: 'segmentCode', width: 180, render: (code: string) => <span className="code-text">{code}</span> },
        { title: t('ledger.name'), sortKey: 'name', dataIndex: 'segmentName' },
      ]}
      form={{
        codeField: 'segmentCode',
        initialValues: (s) => ({ segmentCode: s?.segmentCode ?? '', segmentName: s?.segmentName ?? '' }),
        toBody: (v) => ({ segmentCode: v.segmentCode.trim(), segmentName: v.segmentName.trim() }),
        fields: () => (
          <>
            <Form.Item
              name="segmentCode"
              label={t('ledger.code')}
              rules={[required(t('ledger.code')), { pattern: COA_CODE_PATTERN, message: t('ledger.codePattern') }]}
            >
              <Input maxLength={20} showCount autoFocus />
            </Form.Item>
            <Form.Item name="segmentName" label={t('ledger.name')} rules={[required(t('ledger.name'))]}>
              <Input maxLength={SEGMENT_GROUP_NAME_MAX} showCount />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}
