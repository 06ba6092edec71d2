import { DocumentScreen } from '../documents/DocumentScreen.tsx';
import { journalUi } from './journal-ui.tsx';

/** Accounting › Journal entry (issue 11). */
export default function JournalPage() {
  return <DocumentScreen type={journalUi} />;
}
