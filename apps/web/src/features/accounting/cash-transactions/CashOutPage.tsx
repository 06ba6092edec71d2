import { DocumentScreen } from '../journals/DocumentScreen.tsx';

/** Accounting › Cash out (issue 11): money out of a cash bank against accounts or partners. */
export default function CashOutPage() {
  return <DocumentScreen kind="CO" />;
}
