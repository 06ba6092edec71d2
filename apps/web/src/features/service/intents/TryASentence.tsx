import { useState } from 'react';
import { Button, Card, Input, Space, Tag } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@nusa/contracts';
import { call } from '../../../api/call.ts';

/** Classifies a sentence with the client's trained model: the intent, its confidence and whether it is out of scope. */
export function TryASentence({ clientCode }: { clientCode: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const classify = useMutation({ mutationFn: (sentence: string) => call(endpoints.classifyServiceText, { params: { clientCode }, body: { text: sentence } }) });
  const r = classify.data;
  const run = () => text.trim() && classify.mutate(text.trim());
  return (
    <Card title={t('service.try.title')} size="small">
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label={t('service.try.sentence')}
          placeholder={t('service.try.sentence')}
          value={text}
          maxLength={2000}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={run}
        />
        <Button type="primary" loading={classify.isPending} disabled={!text.trim()} onClick={run}>
          {t('service.try.classify')}
        </Button>
      </Space.Compact>
      {r && (
        <Space size={[4, 4]} wrap style={{ marginTop: 8 }} data-testid="classification">
          <Tag>
            {t('service.virtualChat.intent')}: {r.intent ?? t('service.virtualChat.noIntent')}
          </Tag>
          <Tag>
            {t('service.virtualChat.confidence')}: {Math.round(r.confidence * 100)} %
          </Tag>
          {r.outOfScope && <Tag color="orange">{t('service.try.outOfScope')}</Tag>}
        </Space>
      )}
    </Card>
  );
}
