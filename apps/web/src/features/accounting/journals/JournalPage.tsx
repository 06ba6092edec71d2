import { DocumentScreen } from './DocumentScreen.tsx';

/** Accounting › Journal entry (issue 11). */
export default function JournalPage() {
  return <DocumentScreen kind="JV" />;
}
