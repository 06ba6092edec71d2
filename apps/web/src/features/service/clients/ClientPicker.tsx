import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

/** Picks one of the tenant's customer-service clients by its code (the pages under /service work on one client). */
export function ClientPicker({ value, onChange }: { value?: string; onChange: (code: string) => void }) {
  const { t } = useTranslation();
  const clients = useQuery({
    queryKey: queryKeyOf(endpoints.listServiceClients, 'picker'),
    queryFn: ({ signal }) => call(endpoints.listServiceClients, { query: { page: 1, limit: 100 }, signal }),
  });
  return (
    <Select
      className="service-client-picker"
      aria-label={t('service.client')}
      placeholder={t('service.pickClient')}
      loading={clients.isLoading}
      value={value}
      onChange={onChange}
      showSearch={{ optionFilterProp: 'label' }}
      options={(clients.data?.items ?? []).map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` }))}
      style={{ minWidth: 220, maxWidth: '100%' }}
    />
  );
}
