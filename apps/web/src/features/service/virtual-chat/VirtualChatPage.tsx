import { useState } from 'react';
import { Alert, Button, Empty, Input, Space, Tag, Typography } from 'antd';
import { SendOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type BotReply } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { describeError, toast } from '../../../app/feedback.tsx';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { ClientPicker } from '../clients/ClientPicker.tsx';
import { reasonText } from '../handover.ts';
import { useClientCode } from '../use-client-code.ts';
import '../service.css';

interface Turn {
  question: string;
  answer: BotReply;
}

/** Service › Virtual chat CS: talk to a client's bot as a customer, with what the bot based each answer on. */
export default function VirtualChatPage() {
  const { t } = useTranslation();
  const [clientCode, setClientCode] = useClientCode();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [message, setMessage] = useState('');
  const conversationId = turns.at(-1)?.answer.conversationId;
  // After a hand-over the conversation waits for an agent; a test chat is never queued, so nobody will come.
  const waiting = turns.at(-1)?.answer.status === 'waiting';
  const send = useMutation({
    mutationFn: (text: string) => call(endpoints.virtualChat, { params: { clientCode: clientCode! }, body: { message: text, conversationId } }),
    onSuccess: (answer, question) => {
      setTurns((all) => [...all, { question, answer }]);
      setMessage('');
    },
    onError: (err) => toast.error(describeError(err)),
  });
  const pick = (code: string) => {
    setClientCode(code);
    setTurns([]);
  };
  const submit = () => {
    if (clientCode && message.trim()) send.mutate(message.trim());
  };
  return (
    <div>
      <PageHeading title={t('service.virtualChat.title')} subtitle={t('service.virtualChat.description')}>
        <Space>
          <ClientPicker value={clientCode} onChange={pick} />
          <Button icon={<ReloadOutlined />} disabled={!turns.length} onClick={() => setTurns([])}>
            {t('service.virtualChat.newConversation')}
          </Button>
        </Space>
      </PageHeading>
      <div className="page-card virtual-chat">
        <div className="virtual-chat__log" aria-live="polite">
          {!turns.length && <Empty description={clientCode ? t('service.virtualChat.empty') : t('service.pickClient')} />}
          {turns.map((turn, i) => (
            <div key={i} className="virtual-chat__turn">
              <div className="virtual-chat__bubble virtual-chat__bubble--customer">{turn.question}</div>
              {!turn.answer.reply && turn.answer.status === 'waiting' ? (
                <div className="virtual-chat__bubble virtual-chat__bubble--bot" data-testid="bot-reply">
                  <Typography.Text type="secondary">{t('service.virtualChat.waitingSilent')}</Typography.Text>
                  <Space size={[4, 4]} wrap className="virtual-chat__meta">
                    <Tag color="orange">{t('service.virtualChat.waiting')}</Tag>
                  </Space>
                </div>
              ) : (
                <div className="virtual-chat__bubble virtual-chat__bubble--bot" data-testid="bot-reply">
                  <div>{turn.answer.reply || <Typography.Text type="secondary">{t('service.virtualChat.noReply')}</Typography.Text>}</div>
                  <Space size={[4, 4]} wrap className="virtual-chat__meta">
                    <Tag>
                      {t('service.virtualChat.intent')}: {turn.answer.intent ?? t('service.virtualChat.noIntent')}
                    </Tag>
                    {/* A request for a person is not classified: no confidence to show. */}
                    {(turn.answer.intent !== null || turn.answer.confidence > 0) && (
                      <Tag>
                        {t('service.virtualChat.confidence')}: {Math.round(turn.answer.confidence * 100)} %
                      </Tag>
                    )}
                    {turn.answer.handedOver ? (
                      <Tag color="orange">
                        {t('service.virtualChat.handedOver')}
                        {turn.answer.handoverReason ? ` (${reasonText(t, turn.answer.handoverReason)})` : ''}
                      </Tag>
                    ) : (
                      <Tag color="green">{t('service.virtualChat.answeredByBot')}</Tag>
                    )}
                  </Space>
                  {turn.answer.sources.length > 0 && (
                    <div className="virtual-chat__sources">
                      <Typography.Text type="secondary">{t('service.virtualChat.sources')}</Typography.Text>
                      <ul>
                        {turn.answer.sources.map((s) => (
                          <li key={s.itemId}>{s.text}</li>
                        ))}
                      </ul>
                    </div>
                  )}
                </div>
              )}
            </div>
          ))}
          {waiting && (
            <Alert
              type="warning"
              showIcon
              data-testid="virtual-chat-waiting"
              title={t('service.virtualChat.waiting')}
              description={t('service.virtualChat.waitingNote')}
            />
          )}
        </div>
        <Space.Compact className="virtual-chat__input">
          <Input
            aria-label={t('service.virtualChat.message')}
            placeholder={t('service.virtualChat.message')}
            value={message}
            maxLength={2000}
            disabled={!clientCode}
            onChange={(e) => setMessage(e.target.value)}
            onPressEnter={submit}
          />
          <Button type="primary" icon={<SendOutlined />} loading={send.isPending} disabled={!clientCode || !message.trim()} onClick={submit}>
            {t('service.virtualChat.send')}
          </Button>
        </Space.Compact>
      </div>
    </div>
  );
}
