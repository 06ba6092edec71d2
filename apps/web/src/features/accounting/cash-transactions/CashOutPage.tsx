import { DocumentScreen } from '../documents/DocumentScreen.tsx';
import { cashOutUi } from './cash-ui.tsx';

/** Accounting › Cash out (issue 11): money out of a cash bank against accounts or partners. */
export default function CashOutPage() {
  return <DocumentScreen type={cashOutUi} />;
}
