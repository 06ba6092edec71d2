import { useEffect, useMemo } from 'react';
import { Button, Modal, Skeleton } from 'antd';
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type Lead } from '@nusa/contracts';
import { callFile, saveBlob } from '../../../api/call.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'application/pdf': 'pdf' };

/** The uploaded transfer proof: an image is shown here, a PDF opens in a tab of its own; both can be downloaded. */
export function ProofDialog({ lead, onClose }: { lead: Lead; onClose: () => void }) {
  const { t } = useTranslation();
  const proof = useQuery({
    queryKey: queryKeyOf(endpoints.getLeadPaymentProof, lead.leadId),
    queryFn: ({ signal }) => callFile(endpoints.getLeadPaymentProof, { params: { leadId: lead.leadId }, signal }),
    gcTime: 0,
  });
  const blob = proof.data;
  const href = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => (href ? URL.revokeObjectURL(href) : undefined), [href]);
  const isImage = blob?.type.startsWith('image/') ?? false;
  const fileName = `proof-${lead.payment?.orderId ?? lead.leadId}.${EXTENSIONS[blob?.type ?? ''] ?? 'bin'}`;

  return (
    <Modal
      open
      title={t('adminLeads.proofTitle', { name: lead.contactName })}
      width={720}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <>
          {blob && !isImage && (
            <Button icon={<ExportOutlined />} href={href} target="_blank" rel="noopener">
              {t('adminLeads.openProof')}
            </Button>
          )}
          <Button icon={<DownloadOutlined />} disabled={!blob} onClick={() => blob && saveBlob(blob, fileName)}>
            {t('adminLeads.downloadProof')}
          </Button>
          <Button type="primary" onClick={onClose}>
            {t('common.close')}
          </Button>
        </>
      }
    >
      <div className="proof-preview">
        {proof.isPending && <Skeleton.Image active />}
        {blob && isImage && <img src={href} alt={t('adminLeads.proofTitle', { name: lead.contactName })} />}
        {blob && !isImage && <p>{t('adminLeads.proofPdf')}</p>}
        {proof.isError && <p className="muted-text">{t('common.loadFailed')}</p>}
      </div>
    </Modal>
  );
}
