import { authEndpoints } from './auth/endpoints.ts';
import { platformEndpoints } from './platform/endpoints.ts';
import { auditEndpoints } from './audit/endpoints.ts';
import { userEndpoints } from './configuration/users.ts';
import { pageAccessEndpoints, roleEndpoints } from './configuration/roles.ts';
import { appConfigEndpoints } from './configuration/app-config.ts';
import { aiSettingsEndpoints } from './configuration/ai-settings.ts';
import { profileEndpoints } from './configuration/profile.ts';
import { userAuditEndpoints } from './configuration/user-audit.ts';
import { orgUnitEndpoints } from './configuration/org-units.ts';
import { policyEndpoints } from './configuration/policies.ts';
import { warehouseEndpoints } from './accounting/warehouses.ts';
import { partnerEndpoints } from './accounting/partners.ts';
import { employeeEndpoints } from './accounting/employees.ts';
import { productEndpoints } from './accounting/products.ts';
import { demoRequestEndpoints } from './public/demo-requests.ts';
import { registrationEndpoints } from './public/registration.ts';
import { passwordResetEndpoints } from './public/password-reset.ts';
import { leadEndpoints } from './administration/leads.ts';
import { documentTemplateEndpoints } from './accounting/numbering.ts';
import { coaEndpoints } from './accounting/coa.ts';
import { currencyEndpoints } from './accounting/currencies.ts';
import { cashBankEndpoints } from './accounting/cash-banks.ts';
import { reportEndpoints } from './accounting/reports.ts';
import { documentEndpoints } from './accounting/documents-api.ts';
import { journalEndpoints } from './accounting/journals.ts';
import { cashInEndpoints, cashOutEndpoints } from './accounting/cash-transactions.ts';
import { approvalFlowEndpoints } from './accounting/approval-flows.ts';
import { importRunEndpoints } from './accounting/sheet-import.ts';
import { usageDashboardEndpoints } from './dashboard/usage.ts';
import { analysisAskEndpoints, analysisEndpoints } from './analysis/datasets.ts';
import { datasetEditEndpoints } from './analysis/dataset-edit.ts';
import { savedGraphEndpoints } from './analysis/saved-graphs.ts';
import { datasetSourceEndpoints } from './analysis/dataset-sources.ts';
import { auditLogEndpoints } from './accounting/audit-log.ts';
import { serviceChannelEndpoints } from './service/channels.ts';
import { serviceSetupEndpoints } from './service/setup.ts';
import { serviceClientEndpoints } from './service/clients.ts';
import { serviceDatasetEndpoints } from './service/datasets.ts';
import { serviceIntentEndpoints } from './service/intents.ts';
import { serviceInboxEndpoints } from './service/inbox.ts';
import { serviceHistoryEndpoints } from './service/history.ts';
import { serviceAgentEndpoints } from './service/agents.ts';
import { serviceLabelEndpoints } from './service/labels.ts';
import { serviceResponseEndpoints } from './dashboard/service-response.ts';
import { serviceFineTuningEndpoints } from './service/fine-tuning.ts';
import { serviceCannedReplyEndpoints } from './service/canned-replies.ts';
import { serviceInboxTransferEndpoints } from './service/inbox-transfer.ts';

/** Every endpoint of the API; the server registers each one and the web calls through them. */
export const endpoints = {
  ...authEndpoints,
  ...platformEndpoints,
  ...userEndpoints,
  ...roleEndpoints,
  ...pageAccessEndpoints,
  ...appConfigEndpoints,
  ...aiSettingsEndpoints,
  ...profileEndpoints,
  ...userAuditEndpoints,
  ...orgUnitEndpoints,
  ...policyEndpoints,
  ...auditEndpoints,
  ...partnerEndpoints,
  ...employeeEndpoints,
  ...warehouseEndpoints,
  ...productEndpoints,
  ...documentTemplateEndpoints,
  ...coaEndpoints,
  ...currencyEndpoints,
  ...cashBankEndpoints,
  ...reportEndpoints,
  ...documentEndpoints,
  ...journalEndpoints,
  ...cashInEndpoints,
  ...cashOutEndpoints,
  ...approvalFlowEndpoints,
  ...importRunEndpoints,
  ...auditLogEndpoints,
  ...demoRequestEndpoints,
  ...registrationEndpoints,
  ...passwordResetEndpoints,
  ...leadEndpoints,
  ...usageDashboardEndpoints,
  ...analysisEndpoints,
  ...analysisAskEndpoints,
  ...datasetEditEndpoints,
  ...savedGraphEndpoints,
  ...datasetSourceEndpoints,
  ...serviceClientEndpoints,
  ...serviceDatasetEndpoints,
  ...serviceIntentEndpoints,
  ...serviceChannelEndpoints,
  ...serviceSetupEndpoints,
  ...serviceInboxEndpoints,
  ...serviceHistoryEndpoints,
  ...serviceAgentEndpoints,
  ...serviceLabelEndpoints,
  ...serviceResponseEndpoints,
  ...serviceFineTuningEndpoints,
  ...serviceCannedReplyEndpoints,
  ...serviceInboxTransferEndpoints,
};
