import type { ReactNode } from 'react';
import { Button, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';

interface FormDrawerProps {
  title: ReactNode;
  /** Width in pixels (default 560); a narrower screen gets the whole width. */
  size?: number;
  onClose: () => void;
  /** The save button; left out when the user may only look (the drawer then offers Close). */
  save?: { label: string; pending: boolean; disabled?: boolean; onSave: () => void };
  /** The closing button's text, when neither Cancel (with save) nor Close (without) fits. */
  closeLabel?: string;
  /** Whether a click beside the drawer closes it (off where typed values would be lost). */
  maskClosable?: boolean;
  children: ReactNode;
}

/** The side drawer of a record's form: title, body, and a footer with close and save on the right. */
export function FormDrawer({ title, size = 560, onClose, save, closeLabel, maskClosable = true, children }: FormDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open
      title={title}
      size={`min(${size}px, 100vw)`}
      onClose={onClose}
      destroyOnHidden
      mask={maskClosable ? undefined : { closable: false }}
      footer={
        <div className="drawer-footer">
          <Button onClick={onClose}>{closeLabel ?? (save ? t('common.cancel') : t('common.close'))}</Button>
          {save && (
            <Button type="primary" loading={save.pending} disabled={save.disabled} onClick={save.onSave}>
              {save.label}
            </Button>
          )}
        </div>
      }
    >
      {children}
    </Drawer>
  );
}
