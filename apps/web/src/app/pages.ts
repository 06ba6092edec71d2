import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The page component of every route in the contracts' route table; each is its own lazily loaded chunk. */
export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  '/login': lazy(() => import('../features/auth/LoginPage.tsx')),
  // The product page itself is the static landing.html; the app's route only hands over to it.
  '/landing': lazy(() => import('../landing/StaticLandingRedirect.tsx')),
  '/forgot-password': lazy(() => import('../features/auth/recovery/ForgotPasswordPage.tsx')),
  '/reset-password': lazy(() => import('../features/auth/recovery/ResetPasswordPage.tsx')),
  '/not-found': lazy(() => import('../features/errors/NotFoundPage.tsx')),
  '/request-demo': lazy(() => import('../features/public/request-demo/RequestDemoPage.tsx')),
  '/form-request/payment': lazy(() => import('../features/public/request-demo/PaymentPage.tsx')),
  '/form-request/complete': lazy(() => import('../features/public/request-demo/CompletePage.tsx')),
  '/register': lazy(() => import('../features/public/register/RegisterPage.tsx')),
  '/dashboard': lazy(() => import('../features/dashboard/DashboardPage.tsx')),
  '/configuration/app-configuration': lazy(() => import('../features/configuration/AppConfigurationPage.tsx')),
  '/configuration/business-unit': lazy(() => import('../features/configuration/business-unit/BusinessUnitPage.tsx')),
  '/configuration/business-unit/edit-legal-info/{ouCode?}': lazy(() => import('../features/configuration/business-unit/LegalInfoPage.tsx')),
  '/configuration/policy-ou': lazy(() => import('../features/configuration/policy-ou/PolicyOuPage.tsx')),
  '/configuration/change-password': lazy(() => import('../features/configuration/profile/ChangePasswordPage.tsx')),
  '/configuration/edit-profile': lazy(() => import('../features/configuration/profile/EditProfilePage.tsx')),
  '/configuration/user-audit': lazy(() => import('../features/configuration/user-audit/UserAuditPage.tsx')),
  '/configuration/user': lazy(() => import('../features/configuration/UserPage.tsx')),
  '/configuration/role': lazy(() => import('../features/configuration/RolePage.tsx')),
  '/configuration/page-access': lazy(() => import('../features/configuration/PageAccessPage.tsx')),
  '/administration/manage-leads': lazy(() => import('../features/administration/leads/ManageLeadsPage.tsx')),
  '/accounting/chart-of-accounts': lazy(() => import('../features/accounting/coa/ChartOfAccountsPage.tsx')),
  '/accounting/document-template': lazy(() => import('../features/accounting/document-templates/DocumentTemplatesPage.tsx')),
  '/accounting/cash-bank': lazy(() => import('../features/accounting/cash-bank/CashBankPage.tsx')),
  '/accounting/customer': lazy(() => import('../features/accounting/partners/CustomerPage.tsx')),
  '/accounting/supplier': lazy(() => import('../features/accounting/partners/SupplierPage.tsx')),
  '/accounting/employee': lazy(() => import('../features/accounting/employees/EmployeePage.tsx')),
};
