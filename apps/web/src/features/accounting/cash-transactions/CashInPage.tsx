import { DocumentScreen } from '../journals/DocumentScreen.tsx';

/** Accounting › Cash in (issue 11): money into a cash bank against accounts or partners. */
export default function CashInPage() {
  return <DocumentScreen kind="CI" />;
}
