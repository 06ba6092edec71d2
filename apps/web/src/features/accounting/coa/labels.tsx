import { Tag, Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { COA_GROUP_PURPOSES, COA_SIGNS, COA_TYPES } from '@nusa/contracts';

export const TYPE_COLORS: Record<string, string> = { asset: 'blue', liability: 'orange', equity: 'purple', cost: 'volcano', revenue: 'green' };

/** Options of the account type, sign and group purpose selects, in the current language. */
export function useCoaOptions() {
  const { t } = useTranslation();
  return {
    types: COA_TYPES.map((value) => ({ value, label: t(`ledger.types.${value}`) })),
    signs: COA_SIGNS.map((value) => ({ value, label: t(`ledger.signs.${value}`) })),
    purposes: COA_GROUP_PURPOSES.map((value) => ({ value, label: t(`ledger.purposes.${value}`) })),
  };
}

export function StatusTag({ active }: { active: 'Y' | 'N' }) {
  const { t } = useTranslation();
  return <Tag color={active === 'Y' ? 'success' : 'default'}>{t(active === 'Y' ? 'crud.active' : 'crud.inactive')}</Tag>;
}

/** A tag with a lock and a tooltip saying why the record is protected. */
export function LockedTag({ label, reason }: { label: string; reason: string }) {
  return (
    <Tooltip title={reason}>
      <Tag icon={<LockOutlined />} color="gold">
        {label}
      </Tag>
    </Tooltip>
  );
}
