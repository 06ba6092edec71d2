/** Shared document widgets (issue 11) for every document type's screen: label tag, next-step buttons, history. */
export { DocumentStatusTag } from './DocumentStatusTag.tsx';
export { DocumentActions, type DocumentActionsProps } from './DocumentActions.tsx';
export { DocumentHistory, documentHistoryKey } from './DocumentHistory.tsx';
import './documents.css';
