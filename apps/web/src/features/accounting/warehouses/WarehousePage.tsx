import { Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { MASTER_CODE_PATTERN, WAREHOUSE_TYPES, endpoints, type Warehouse, type WarehouseInput, type WarehouseType } from '@nusa/contracts';
import { MasterListPage, masterApi } from '../master/MasterListPage.tsx';
import { labelledImportReport } from '../products/labelled-import-report.tsx';

const api = masterApi({
  list: endpoints.listWarehouses,
  create: endpoints.createWarehouse,
  update: endpoints.updateWarehouse,
  setActive: endpoints.setWarehouseActive,
  remove: endpoints.deleteWarehouse,
  export: endpoints.exportWarehouses,
  import: endpoints.importWarehouses,
  idName: 'warehouseId',
});

interface WarehouseForm {
  warehouseCode: string;
  warehouseName: string;
  flgWarehouse: WarehouseType;
  address: string;
}

const TYPE_COLORS: Record<WarehouseType, string> = { LOCATION: 'blue', PRODUCTION: 'purple', WAREHOUSE: 'green' };

/** Accounting › Warehouse (spec 3): locations, production areas and warehouses. */
export default function WarehousePage() {
  const { t } = useTranslation();
  const typeOptions = WAREHOUSE_TYPES.map((type) => ({ value: type, label: t(`acWarehouse.types.${type}`) }));
  return (
    <MasterListPage<Warehouse, WarehouseInput, { type?: WarehouseType }, WarehouseForm>
      api={api}
      cacheKey="warehouses"
      title={t('page.warehouse')}
      subtitle={t('acWarehouse.subtitle')}
      describe={(w) => `${w.warehouseCode} - ${w.warehouseName}`}
      exportName={t('page.warehouse').toLowerCase()}
      searchPlaceholder={t('acWarehouse.search')}
      emptyText={t('acWarehouse.empty')}
      addLabel={t('acWarehouse.add')}
      editTitle={(w) => t('acWarehouse.editTitle', { code: w.warehouseCode })}
      renderImportReport={labelledImportReport({
        warehouseCode: t('acWarehouse.code'),
        warehouseName: t('acWarehouse.name'),
        flgWarehouse: t('acWarehouse.type'),
        address: t('acWarehouse.address'),
        active: t('masterKit.active'),
      })}
      filters={{
        initial: {},
        render: (value, set) => (
          <Select<WarehouseType>
            allowClear
            placeholder={t('acWarehouse.allTypes')}
            aria-label={t('acWarehouse.filterType')}
            value={value.type}
            onChange={(type) => set({ ...value, type })}
            options={typeOptions}
            className="master-toolbar__filter"
          />
        ),
      }}
      columns={[
        { title: t('acWarehouse.code'), sortKey: 'code', dataIndex: 'warehouseCode', width: 150, render: (code: string) => <strong>{code}</strong> },
        { title: t('acWarehouse.name'), sortKey: 'name', dataIndex: 'warehouseName' },
        {
          title: t('acWarehouse.type'),
          sortKey: 'type',
          dataIndex: 'flgWarehouse',
          width: 130,
          render: (type: WarehouseType) => <Tag color={TYPE_COLORS[type]}>{t(`acWarehouse.types.${type}`)}</Tag>,
        },
        {
          title: t('acWarehouse.address'),
          sortKey: 'address',
          dataIndex: 'address',
          responsive: ['lg'],
          render: (address: string | null) => address ?? <span className="muted-text">—</span>,
        },
      ]}
      form={{
        codeField: 'warehouseCode',
        initialValues: (w) => ({
          warehouseCode: w?.warehouseCode ?? '',
          warehouseName: w?.warehouseName ?? '',
          flgWarehouse: w?.flgWarehouse ?? 'WAREHOUSE',
          address: w?.address ?? '',
        }),
        toBody: (v) => ({
          warehouseCode: v.warehouseCode.trim(),
          warehouseName: v.warehouseName.trim(),
          flgWarehouse: v.flgWarehouse,
          address: v.address?.trim() ? v.address.trim() : null,
        }),
        fields: ({ row }) => (
          <>
            <Form.Item
              name="warehouseCode"
              label={t('acWarehouse.code')}
              extra={row ? undefined : t('acCatalog.codeHint')}
              rules={[{ pattern: MASTER_CODE_PATTERN, message: t('acCatalog.codePattern') }]}
            >
              <Input maxLength={30} showCount autoFocus={!row} placeholder={t('acCatalog.codeGenerated')} />
            </Form.Item>
            <Form.Item
              name="warehouseName"
              label={t('acWarehouse.name')}
              rules={[{ required: true, whitespace: true, message: t('validation.required', { label: t('acWarehouse.name') }) }]}
            >
              <Input maxLength={150} showCount autoFocus={Boolean(row)} />
            </Form.Item>
            <Form.Item
              name="flgWarehouse"
              label={t('acWarehouse.type')}
              rules={[{ required: true, message: t('validation.required', { label: t('acWarehouse.type') }) }]}
            >
              <Select options={typeOptions} />
            </Form.Item>
            <Form.Item name="address" label={t('acWarehouse.address')}>
              <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}
