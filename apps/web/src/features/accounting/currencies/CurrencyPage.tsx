import { useState } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { CurrencyTab } from './CurrencyTab.tsx';
import { ExchangeRateTab } from './ExchangeRateTab.tsx';

/** Accounting › Currency & exchange rate: currencies (book currency marked) and their daily rates. */
export default function CurrencyPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('currencies');
  return (
    <div>
      <PageHeading title={t('page.currency')} subtitle={t('acCurrency.subtitle')} />
      <div className="page-card master-list-card">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: 'currencies', label: t('acCurrency.tabCurrency'), children: <CurrencyTab /> },
            { key: 'rates', label: t('acCurrency.tabRate'), children: <ExchangeRateTab /> },
          ]}
        />
      </div>
    </div>
  );
}
