import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { documentLabel, type DocumentLabel, type DocumentStatus, type DocumentSubStatus } from '@nusa/contracts';

const COLORS: Record<DocumentLabel, string> = {
  DRAFT: 'default',
  CHANGES_REQUESTED: 'orange',
  IN_PROGRESS: 'processing',
  INCOMING_APPROVAL_REQUEST: 'gold',
  WAIT_FOR_APPROVAL: 'processing',
  REVIEW_TO_RELEASE: 'cyan',
  NEED_REVIEW: 'processing',
  APPROVED: 'green',
  RELEASED: 'success',
  REJECTED: 'red',
  VOID: 'volcano',
  DELETED: 'default',
};

type Props =
  | { label: DocumentLabel }
  | { status: DocumentStatus; subStatus: DocumentSubStatus | null; viewer?: { isAuthor: boolean; isCurrentApprover: boolean; lastLevelNext: boolean } };

/** A document's label as the viewer sees it (spec 4), coloured by what it asks of them. Takes the server's label or works it out. */
export function DocumentStatusTag(props: Props) {
  const { t } = useTranslation();
  const label = 'label' in props ? props.label : documentLabel(props.status, props.subStatus, props.viewer);
  return <Tag color={COLORS[label]}>{t(`documents.labels.${label}`)}</Tag>;
}
