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

/** Spec 2: home icon → dashboard, then section and page; the last item copies the page's link. */
export function PageBreadcrumb({ section, page }: { section?: string; page: string }) {
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
    ...(section && section !== page ? [{ key: 'section', title: section }] : []),
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
