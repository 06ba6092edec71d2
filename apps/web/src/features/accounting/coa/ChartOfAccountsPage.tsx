import { useState } from 'react';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { endpoints } from '@nusa/contracts';
import { useSession } from '../../../app/session.ts';
import { masterLevel } from '../master/access.ts';
import { CoaTreeTab } from './CoaTreeTab.tsx';
import { CoaGroupsTab } from './CoaGroupsTab.tsx';
import { SegmentGroupsTab } from './SegmentGroupsTab.tsx';
import './coa.css';

/** Accounting › Chart of accounts (spec 5): the account tree, COA groups and segment groups on one page. */
export default function ChartOfAccountsPage() {
  const { t } = useTranslation();
  const level = masterLevel(useSession()?.tasks ?? [], { edit: endpoints.createCoa.access, remove: endpoints.deleteCoa.access });
  const [tab, setTab] = useState('accounts');

  return (
    <div>
      <PageHeading title={t('page.chartOfAccounts')} subtitle={t('coaAccounts.pageDescription')} />
      <Card className="section-card">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: 'accounts', label: t('coaAccounts.tab'), children: <CoaTreeTab level={level} /> },
            { key: 'groups', label: t('coaGroups.tab'), children: <CoaGroupsTab /> },
            { key: 'segments', label: t('segmentGroups.tab'), children: <SegmentGroupsTab /> },
          ]}
        />
      </Card>
    </div>
  );
}
