import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResponseTimes } from '@nusa/contracts';
import { useFormat } from '../../../app/use-format.ts';

/** A conversation's bot time to hand-over and the agents' first response (issue 24). */
export function ResponseTimesLine({ times }: { times: ResponseTimes }) {
  const { t } = useTranslation();
  const f = useFormat();
  const seconds = (s: number | null, none: string) => (s === null ? none : f.duration(s * 1000, t));
  return (
    <Space size={12} wrap className="service-response-line" data-testid="response-times">
      <Typography.Text type="secondary">
        {t('serviceLabels.handover')}: <strong>{seconds(times.handoverSeconds, t('serviceLabels.notHandedOver'))}</strong>
      </Typography.Text>
      {times.handedOverAt && (
        <Typography.Text type="secondary">
          {t('serviceLabels.firstResponse')}: <strong>{seconds(times.firstResponseSeconds, t('serviceLabels.awaitingAgent'))}</strong>
        </Typography.Text>
      )}
    </Space>
  );
}
