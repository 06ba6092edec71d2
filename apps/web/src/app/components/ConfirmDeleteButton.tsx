import { Button, Popconfirm, Tooltip } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dangerButtons } from './confirm-danger.ts';

interface Props {
  /** The question the pop-over asks, e.g. "Delete Sales?". */
  title: string;
  description?: string;
  /** The confirming button's text (red). */
  okText: string;
  /** The icon button's accessible name, e.g. "Delete Sales". */
  label: string;
  /** Shown on hover, when the icon alone may not say enough. */
  tooltip?: string;
  size?: 'small';
  loading?: boolean;
  /** Its failure is already reported by the mutation's error toast; the pop-over just closes. */
  onConfirm: () => Promise<unknown>;
}

/** A red bin icon that deletes only after the user confirms in a pop-over (spec: no destructive action unconfirmed). */
export function ConfirmDeleteButton({ title, description, okText, label, tooltip, size, loading, onConfirm }: Props) {
  const { t } = useTranslation();
  const button = <Button type="text" danger size={size} icon={<DeleteOutlined />} aria-label={label} loading={loading} />;
  return (
    <Popconfirm title={title} description={description} {...dangerButtons(t, okText)} onConfirm={() => onConfirm().catch(() => undefined)}>
      {tooltip ? <Tooltip title={tooltip}>{button}</Tooltip> : button}
    </Popconfirm>
  );
}
