import { useState } from 'react';
import { Alert, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PROOF_MAX_BYTES, PROOF_TYPES, endpoints, type DemoRequestView } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { describeError } from '../../../app/feedback.tsx';
import type { RequestRef } from './flow.ts';
import { aimAt } from './use-demo-request.ts';

type ProofType = (typeof PROOF_TYPES)[number];

const isProofType = (type: string): type is ProofType => (PROOF_TYPES as readonly string[]).includes(type);

/** The file's bytes as base64 (the data URL without its "data:…;base64," prefix). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The bank-transfer proof: a PNG/JPEG image or a PDF of at most 2 MiB, checked here and again on the server. */
export function ProofUpload({ requestRef, onUploaded }: { requestRef: RequestRef; onUploaded: (view: DemoRequestView) => void }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string>();
  const [fileName, setFileName] = useState<string>();

  const upload = useMutation({
    mutationFn: async (file: File & { type: ProofType }) => {
      aimAt(requestRef);
      const dataBase64 = await readBase64(file);
      return call(endpoints.uploadPaymentProof, {
        params: { requestId: requestRef.requestId },
        body: { contentType: file.type, fileName: file.name.slice(0, 200) || 'proof', dataBase64 },
      });
    },
    meta: { silent: true },
    onSuccess: onUploaded,
    onError: (err) => setProblem(describeError(err)),
  });

  const choose = (file: File) => {
    setProblem(undefined);
    setFileName(file.name);
    if (!isProofType(file.type) || file.size === 0 || file.size > PROOF_MAX_BYTES) {
      setProblem(t('error.payment_proof_invalid'));
      return;
    }
    upload.mutate(file as File & { type: ProofType });
  };

  return (
    <div className="proof-upload">
      <Upload.Dragger
        name="proof"
        accept={PROOF_TYPES.join(',')}
        multiple={false}
        showUploadList={false}
        disabled={upload.isPending}
        beforeUpload={(file) => {
          choose(file);
          // The file goes through the contract call above, not antd's own request.
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{upload.isPending ? t('demoRequest.proofUploading', { name: fileName }) : t('demoRequest.proofDrop')}</p>
        <p className="ant-upload-hint">{t('demoRequest.proofHint')}</p>
      </Upload.Dragger>
      {problem && (
        <Alert
          className="proof-upload__error"
          type="error"
          showIcon
          role="alert"
          title={t('demoRequest.proofFailed', { name: fileName })}
          description={problem}
        />
      )}
    </div>
  );
}
