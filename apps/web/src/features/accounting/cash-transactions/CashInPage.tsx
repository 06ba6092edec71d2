import { DocumentScreen } from '../documents/DocumentScreen.tsx';
import { cashInUi } from './cash-ui.tsx';

/** Accounting › Cash in (issue 11): money into a cash bank against accounts or partners. */
export default function CashInPage() {
  return <DocumentScreen type={cashInUi} />;
}
