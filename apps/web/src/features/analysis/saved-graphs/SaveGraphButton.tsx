import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { CheckOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type AskAnswer } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { useInvalidateSavedGraphs } from './saved-graphs-api.ts';
import './saved-graphs.css';

/** "Simpan grafik" on an answer: asks for a name (the plan's words by default) and saves the plan as a saved graph. */
export function SaveGraphButton({ answer }: { answer: AskAnswer }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const invalidate = useInvalidateSavedGraphs();
  const save = useMutation({
    mutationFn: (name: string) => call(endpoints.saveGraph, { body: { datasetId: answer.plan.datasetId, plan: answer.plan, name, language: answer.language } }),
    onSuccess: (graph) => {
      setOpen(false);
      void invalidate();
      toast.success(t('analysisGraphs.savedToast', { name: graph.name }));
    },
  });
  if (save.isSuccess) {
    return (
      <Button className="saved-graphs__save" icon={<CheckOutlined />} disabled>
        {t('analysisGraphs.saved')}
      </Button>
    );
  }
  return (
    <>
      <Button className="saved-graphs__save" icon={<SaveOutlined />} onClick={() => setOpen(true)}>
        {t('analysisGraphs.save')}
      </Button>
      <Modal
        open={open}
        title={t('analysisGraphs.saveTitle')}
        okText={t('analysisGraphs.save')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ name: answer.description.slice(0, 120) }} onFinish={(v) => save.mutate(v.name.trim())}>
          <Form.Item name="name" label={t('analysisGraphs.name')} rules={[{ required: true, whitespace: true, message: t('analysisGraphs.nameRequired') }]}>
            <Input maxLength={120} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
