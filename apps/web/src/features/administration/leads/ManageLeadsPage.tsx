import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasAnyTask } from '@nusa/contracts';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { useHeldTasks } from '../../../app/session.ts';
import { LeadsTab } from './LeadsTab.tsx';
import { PromoCodesTab } from './PromoCodesTab.tsx';
import './leads.css';

type TabKey = 'leads' | 'promo';

/** Administration › Manage leads: the public site's demo requests and the promo codes they may use. */
export default function ManageLeadsPage() {
  const { t } = useTranslation();
  // viewManagementLeads alone shows everything read-only; editing needs editManagementLeads.
  const canEdit = hasAnyTask(useHeldTasks(), ['editManagementLeads']);
  // The tab is in the address (?tab=promo) so a reload or a shared link opens the same one.
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get('tab') === 'promo' ? 'promo' : 'leads';
  const setTab = (key: TabKey) => setParams(key === 'promo' ? { tab: 'promo' } : {}, { replace: true });
  return (
    <div>
      <PageHeading title={t('page.manageLeads')} subtitle={t('adminLeads.description')} />
      <div className="page-card list-card">
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as TabKey)}
          className="manage-leads__tabs"
          items={[
            { key: 'leads', label: t('adminLeads.tabLeads'), children: <LeadsTab canEdit={canEdit} /> },
            { key: 'promo', label: t('adminLeads.tabPromo'), children: <PromoCodesTab canEdit={canEdit} /> },
          ]}
        />
      </div>
    </div>
  );
}
