import 'i18next';
import type { ErrorCode } from '@nusa/contracts';
import type { ErrorTextKey } from './keys.ts';
import type base from './id.json';
import type analysis from './modules/analysis.id.json';
import type analysisSavedGraphs from './modules/analysis-saved-graphs.id.json';
import type analysisImport from './modules/analysis-import.id.json';
import type analysisSources from './modules/analysis-sources.id.json';
import type analysisDataset from './modules/analysis-dataset.id.json';
import type accountingAuditLog from './modules/accounting-audit-log.id.json';
import type aiSettings from './modules/ai-settings.id.json';
import type accountingApprovals from './modules/accounting-approvals.id.json';
import type accountingCatalog from './modules/accounting-catalog.id.json';
import type accountingJournals from './modules/accounting-journals.id.json';
import type accountingLedger from './modules/accounting-ledger.id.json';
import type accountingMaster from './modules/accounting-master.id.json';
import type accountingRecords from './modules/accounting-records.id.json';
import type accountingReports from './modules/accounting-reports.id.json';
import type leads from './modules/leads.id.json';
import type list from './modules/list.id.json';
import type onboarding from './modules/onboarding.id.json';
import type recovery from './modules/recovery.id.json';
import type service from './modules/service.id.json';
import type serviceInbox from './modules/service-inbox.id.json';
import type serviceInboxTools from './modules/service-inbox-tools.id.json';
import type serviceLabels from './modules/service-labels.id.json';
import type serviceChannels from './modules/service-channels.id.json';
import type serviceFineTuning from './modules/service-fine-tuning.id.json';
import type shell from './modules/shell.id.json';
import type usageDashboard from './modules/usage-dashboard.id.json';

/**
 * The texts i18next holds, typed from the Indonesian source (texts.ts merges the same files at run time; i18n.test.ts
 * fails when a modules/*.id.json is not named here): a key that names no text is a compile error, and a key built
 * from a union (a template over a lead status) is checked for every member of the union. en.json has the same keys
 * (i18n.test.ts).
 */
export type Texts = typeof base &
  typeof analysis &
  typeof analysisSavedGraphs &
  typeof analysisImport &
  typeof analysisSources &
  typeof analysisDataset &
  typeof aiSettings &
  typeof accountingAuditLog &
  typeof accountingApprovals &
  typeof accountingCatalog &
  typeof accountingJournals &
  typeof accountingLedger &
  typeof accountingMaster &
  typeof accountingRecords &
  typeof accountingReports &
  typeof leads &
  typeof list &
  typeof onboarding &
  typeof recovery &
  typeof service &
  typeof serviceInbox &
  typeof serviceInboxTools &
  typeof serviceLabels &
  typeof serviceChannels &
  typeof serviceFineTuning &
  typeof shell &
  typeof usageDashboard & { error: Record<ErrorTextKey<ErrorCode>, string> };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Texts };
  }
}
