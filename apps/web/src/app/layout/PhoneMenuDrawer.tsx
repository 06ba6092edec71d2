import type { ReactNode } from 'react';
import { Button, Drawer } from 'antd';
import { MenuFoldOutlined } from '@ant-design/icons';
import { HOME_ROUTE } from '@nusa/contracts';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../components/BrandMark.tsx';

/** The phone's main menu, sliding in from the left over the page. */
export default function PhoneMenuDrawer({
  open,
  onClose,
  productName,
  children,
}: {
  open: boolean;
  onClose: () => void;
  productName: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      placement="left"
      size="min(280px, 86vw)"
      onClose={onClose}
      closable={false}
      rootClassName="app-menu-drawer"
      styles={{
        section: { background: 'var(--nusa-primary-dark)' },
        header: { padding: '0 8px 0 21px', minHeight: 60, borderBottom: '1px solid rgba(255, 255, 255, 0.08)' },
        body: { padding: '8px 0' },
      }}
      title={
        <Link to={HOME_ROUTE} className="app-menu-drawer__brand" aria-label={productName}>
          <BrandMark name={productName} inverted size={30} />
        </Link>
      }
      extra={<Button type="text" className="app-menu-drawer__close" icon={<MenuFoldOutlined />} aria-label={t('shell.closeMenu')} onClick={onClose} />}
    >
      {children}
    </Drawer>
  );
}
