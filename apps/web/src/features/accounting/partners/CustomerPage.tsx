import { PartnerPage } from './PartnerPage.tsx';

/** Accounting › Customer (spec 3, 5). */
export default function CustomerPage() {
  return <PartnerPage type="CUSTOMER" />;
}
