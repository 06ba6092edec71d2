import { PartnerPage } from './PartnerPage.tsx';

/** Accounting › Supplier (spec 3, 5). */
export default function SupplierPage() {
  return <PartnerPage type="SUPPLIER" />;
}
