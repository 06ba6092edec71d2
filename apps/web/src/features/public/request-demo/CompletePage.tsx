import { useEffect } from 'react';
import { Button, Card, Descriptions, Result, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DemoRequestView } from '@nusa/contracts';
import { LANDING_ROUTE } from '@nusa/contracts';
import { COMPLETE_PATH, PAYMENT_PATH, refOfCompletion, stageOf, stepPath, stepperOf, type RequestRef, type RequestStage } from './flow.ts';
import { priceLines } from './money.ts';
import { useFormat } from '../../../app/use-format.ts';
import { OrderSummary } from './OrderSummary.tsx';
import { PublicShell } from './PublicShell.tsx';
import { RequestLoadState, RequestMissing } from './RequestState.tsx';
import { useDemoRequest } from './use-demo-request.ts';

/** Coming back from the hosted checkout, the gateway's notification may trail the visitor by a few seconds. */
const GATEWAY_POLL_MS = 3000;

const RESULT_STATUS: Record<RequestStage, 'success' | 'info' | 'warning' | 'error'> = {
  paid: 'success',
  'proof-uploaded': 'success',
  'awaiting-gateway': 'info',
  'awaiting-transfer': 'warning',
  'choose-payment': 'warning',
  'payment-failed': 'error',
};

/** Step 3 of requesting a demo (public): what happens next, read from the server's state of the request. */
export default function CompletePage() {
  const { t } = useTranslation();
  const f = useFormat();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const ref = refOfCompletion(query);
  // Back from the hosted checkout the address names the gateway's order; it becomes the request's own address,
  // so a copied or bookmarked link opens the request in any browser.
  const ownAddress = ref && !query.get('requestId') ? stepPath(COMPLETE_PATH, ref) : undefined;
  useEffect(() => {
    if (ownAddress) void navigate(ownAddress, { replace: true });
  }, [ownAddress, navigate]);
  const request = useDemoRequest(ref, (view) => (stageOf(view) === 'awaiting-gateway' ? GATEWAY_POLL_MS : false));
  const view = request.data;
  const stage = view ? stageOf(view) : undefined;

  return (
    <PublicShell title={t('demoRequest.completeTitle')} stepper={ref && (view || !request.error) ? stepperOf('complete', stage) : undefined}>
      {!ref ? (
        <RequestMissing />
      ) : !view || !stage ? (
        <RequestLoadState error={request.error} conflict={request.conflict} onRetry={() => void request.refetch()} />
      ) : (
        <div className="public-flow__grid">
          <Completion requestRef={ref} view={view} stage={stage} />
          <aside className="public-flow__aside">
            <OrderSummary product={view.product} pkg={view.package} lines={priceLines(view, f)} promoCode={view.promoCode} />
          </aside>
        </div>
      )}
    </PublicShell>
  );
}

function Completion({ requestRef, view, stage }: { requestRef: RequestRef; view: DemoRequestView; stage: RequestStage }) {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const unfinished = stage === 'choose-payment' || stage === 'awaiting-transfer' || stage === 'payment-failed';
  const payment = view.payment;

  return (
    <Card>
      <Result
        status={RESULT_STATUS[stage]}
        title={t(`demoRequest.complete.${stage}.title`)}
        subTitle={t(`demoRequest.complete.${stage}.text`)}
        extra={
          unfinished ? (
            <Button type="primary" onClick={() => navigate(stepPath(PAYMENT_PATH, requestRef))}>
              {t('demoRequest.backToPayment')}
            </Button>
          ) : (
            <>
              <Button type="primary" onClick={() => navigate(LANDING_ROUTE)}>
                {t('onboarding.toLanding')}
              </Button>
              <Button onClick={() => navigate('/register')}>{t('demoRequest.tryFree')}</Button>
            </>
          )
        }
      />
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'request',
            label: t('demoRequest.requestNumber'),
            children: (
              <Typography.Text copyable strong data-testid="request-reference">
                {view.reference}
              </Typography.Text>
            ),
          },
          {
            key: 'amount',
            // Paid only once the payment is confirmed; until then it is the amount the request is waiting for.
            label: t(stage === 'paid' ? 'demoRequest.totalPaid' : 'demoRequest.totalDue'),
            children: (
              <span data-testid="complete-amount">
                {f.money(view.amount)}
                {stage === 'proof-uploaded' && <span className="muted-text"> · {t('demoRequest.awaitingConfirmation')}</span>}
              </span>
            ),
          },
          ...(payment
            ? [
                { key: 'method', label: t('demoRequest.paymentMethod'), children: t(`demoRequest.method.${payment.method}`) },
                { key: 'status', label: t('demoRequest.paymentStatus'), children: t(`demoRequest.paymentStatusName.${payment.status}`) },
                ...(payment.hasProof ? [{ key: 'proof', label: t('demoRequest.proofTitle'), children: t('demoRequest.proofReceived') }] : []),
              ]
            : []),
        ]}
      />
      <p className="public-flow__hint complete__next">{t('demoRequest.nextSteps')}</p>
    </Card>
  );
}
