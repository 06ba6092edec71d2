import { Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { COA_CODE_PATTERN, endpoints, type CoaGroup, type CoaGroupPurpose, type CoaSign, type CoaType } from '@nusa/contracts';
import { MasterListPage, masterApi } from '../master/MasterListPage.tsx';
import { LockedTag, TYPE_COLORS, useCoaOptions } from './labels.tsx';
import { useCoaSheetLabels, useLabelledImportReport } from './import-report.tsx';

const api = masterApi({
  list: endpoints.listCoaGroups,
  create: endpoints.createCoaGroup,
  update: endpoints.updateCoaGroup,
  setActive: endpoints.setCoaGroupActive,
  remove: endpoints.deleteCoaGroup,
  export: endpoints.exportCoaGroups,
  import: endpoints.importCoaGroups,
  idName: 'groupId',
});

interface GroupForm {
  groupCode: string;
  groupName: string;
  type?: CoaType;
  sign?: CoaSign;
  purpose: CoaGroupPurpose;
}

/** COA groups: a system-predefined group keeps its code, type, sign and purpose and cannot be activated or removed (spec 5). */
export function CoaGroupsTab() {
  const { t } = useTranslation();
  const options = useCoaOptions();
  const required = (label: string) => ({ required: true, whitespace: true, message: t('validation.required', { label }) });
  const chosen = (label: string) => ({ required: true, message: t('validation.required', { label }) });
  const importReport = useLabelledImportReport({
    ...useCoaSheetLabels(),
    groupCode: t('ledger.code'),
    groupName: t('ledger.name'),
    purpose: t('coaGroups.purpose'),
  });

  return (
    <MasterListPage
      embedded
      api={api}
      // Shares COA_KEY (['erp', 'coa']) with the account tree: renaming or deactivating a group refreshes the tree.
      cacheKey="coa"
      title={t('coaGroups.tab')}
      describe={(g) => `${g.groupCode} - ${g.groupName}`}
      exportName="coa-groups"
      searchPlaceholder={t('coaGroups.search')}
      emptyText={t('coaGroups.empty')}
      addLabel={t('coaGroups.add')}
      editTitle={(g) => t('coaGroups.editTitle', { code: g.groupCode })}
      activeFilter={false}
      renderImportReport={importReport}
      locked={(g) => (g.systemPredefined === 'Y' ? t('coaGroups.systemLocked') : undefined)}
      columns={[
        { title: t('ledger.code'), sortKey: 'code', dataIndex: 'groupCode', width: 120, render: (code: string) => <span className="code-text">{code}</span> },
        { title: t('ledger.name'), sortKey: 'name', dataIndex: 'groupName' },
        {
          title: t('ledger.type'),
          sortKey: 'type',
          dataIndex: 'type',
          width: 120,
          render: (v: CoaType) => <Tag color={TYPE_COLORS[v]}>{t(`ledger.types.${v}`)}</Tag>,
        },
        { title: t('ledger.sign'), sortKey: 'sign', dataIndex: 'sign', width: 120, render: (v: CoaSign) => t(`ledger.signs.${v}`) },
        { title: t('coaGroups.purpose'), sortKey: 'purpose', dataIndex: 'purpose', width: 110, render: (v: CoaGroupPurpose) => t(`ledger.purposes.${v}`) },
        {
          title: t('coaGroups.origin'),
          dataIndex: 'systemPredefined',
          width: 150,
          render: (v: 'Y' | 'N') =>
            v === 'Y' ? (
              <LockedTag label={t('coaGroups.system')} reason={t('coaGroups.systemLocked')} />
            ) : (
              <span className="muted-text">{t('coaGroups.own')}</span>
            ),
        },
      ]}
      form={{
        codeField: 'groupCode',
        errorFields: { coa_group_system_predefined: 'groupCode' },
        initialValues: (g?: CoaGroup): Partial<GroupForm> =>
          g
            ? { groupCode: g.groupCode, groupName: g.groupName, type: g.type, sign: g.sign, purpose: g.purpose }
            : { groupCode: '', groupName: '', purpose: 'general' },
        toBody: (v: GroupForm) => ({ groupCode: v.groupCode.trim(), groupName: v.groupName.trim(), type: v.type!, sign: v.sign!, purpose: v.purpose }),
        fields: ({ row }) => {
          const system = row?.systemPredefined === 'Y';
          return (
            <>
              <Form.Item
                name="groupCode"
                label={t('ledger.code')}
                extra={system ? t('coaGroups.systemNameOnly') : undefined}
                rules={[required(t('ledger.code')), { pattern: COA_CODE_PATTERN, message: t('ledger.codePattern') }]}
              >
                <Input maxLength={20} showCount autoFocus={!system} disabled={system} />
              </Form.Item>
              <Form.Item name="groupName" label={t('ledger.name')} rules={[required(t('ledger.name'))]}>
                <Input maxLength={100} showCount autoFocus={system} />
              </Form.Item>
              <div className="master-form-grid">
                <Form.Item name="type" label={t('ledger.type')} rules={[chosen(t('ledger.type'))]}>
                  <Select options={options.types} disabled={system} placeholder={t('ledger.typePlaceholder')} />
                </Form.Item>
                <Form.Item name="sign" label={t('ledger.sign')} rules={[chosen(t('ledger.sign'))]}>
                  <Select options={options.signs} disabled={system} placeholder={t('ledger.signPlaceholder')} />
                </Form.Item>
              </div>
              <Form.Item name="purpose" label={t('coaGroups.purpose')} extra={t('coaGroups.purposeHint')}>
                <Select options={options.purposes} disabled={system} />
              </Form.Item>
            </>
          );
        },
      }}
    />
  );
}
