import { Breadcrumb, Button, Tooltip } from 'antd';
import { CopyOutlined, HomeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_ROUTE } from '@nusa/contracts';
import { toast } from '../feedback.tsx';

async function copyText(text: string) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Outside a secure context the async clipboard is missing; the selection-based copy still works there.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

/** A step of the trail between home and the page; one with `to` is a link. */
export interface Crumb {
  key: string;
  title: string;
  to?: string;
}

/** Spec 2: home icon → dashboard, then the page's area and the pages above it, then the page, whose item copies its link. */
export function PageBreadcrumb({ trail, page }: { trail: Crumb[]; page: string }) {
  const { t } = useTranslation();
  const copy = () =>
    copyText(window.location.href).then(
      () => toast.success(t('breadcrumb.copySuccess')),
      () => toast.error(t('breadcrumb.copyError')),
    );
  const items = [
    {
      key: 'home',
      title: (
        <Link to={HOME_ROUTE} aria-label={t('breadcrumb.home')}>
          <HomeOutlined />
        </Link>
      ),
    },
    ...trail.map((step) => ({ key: step.key, title: step.to ? <Link to={step.to}>{step.title}</Link> : step.title })),
    {
      key: 'page',
      title: (
        <span className="breadcrumb-current">
          <span aria-current="page">{page}</span>
          <Tooltip title={t('breadcrumb.copyLink')}>
            <Button type="text" size="small" icon={<CopyOutlined />} aria-label={t('breadcrumb.copyLink')} onClick={() => void copy()} />
          </Tooltip>
        </span>
      ),
    },
  ];
  return <Breadcrumb className="page-breadcrumb" items={items} />;
}
