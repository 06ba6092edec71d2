import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Radio, Typography } from 'antd';
import { ArrowRightOutlined, BankOutlined, CreditCardOutlined, SwapOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANDING_ROUTE, endpoints, type DemoRequestView, type PaymentMethod, type PaymentOptions } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { describeError } from '../../../app/feedback.tsx';
import { COMPLETE_PATH, isSettledForVisitor, refFromQuery, rememberGatewayOrder, stageOf, stepPath, stepperOf, type RequestRef } from './flow.ts';
import { priceLines } from './money.ts';
import { useFormat } from '../../../app/use-format.ts';
import { OrderSummary } from './OrderSummary.tsx';
import { ProofUpload } from './ProofUpload.tsx';
import { PublicShell } from './PublicShell.tsx';
import { RequestLoadState, RequestMissing } from './RequestState.tsx';
import { aimAt, useDemoRequest, useStoreDemoRequest } from './use-demo-request.ts';
import { useConfirmDanger } from '../../../app/components/confirm-danger.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

const METHOD_ICONS: Record<PaymentMethod, ReactNode> = { 'bank-transfer': <BankOutlined />, gateway: <CreditCardOutlined /> };

/** The methods this site can take now: bank transfer only with an account to pay into, the gateway only when set up. */
const offeredMethods = (o: PaymentOptions): PaymentMethod[] => [
  ...(o.bankAccount ? (['bank-transfer'] as const) : []),
  ...(o.gateway ? (['gateway'] as const) : []),
];

/** Step 2 of requesting a demo (public): choose a payment provider, then transfer and upload the proof or go to the checkout. */
export default function PaymentPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const [query] = useSearchParams();
  const ref = refFromQuery(query);
  const request = useDemoRequest(ref);
  const view = request.data;
  const stage = view ? stageOf(view) : undefined;

  return (
    <PublicShell
      title={t('demoRequest.paymentTitle')}
      subtitle={t('demoRequest.paymentSubtitle')}
      stepper={ref && (view || !request.error) ? stepperOf('payment', stage) : undefined}
    >
      {!ref ? (
        <RequestMissing />
      ) : !view ? (
        <RequestLoadState error={request.error} conflict={request.conflict} onRetry={() => void request.refetch()} />
      ) : (
        <div className="public-flow__grid">
          <PaymentStep requestRef={ref} view={view} />
          <aside className="public-flow__aside">
            <OrderSummary product={view.product} pkg={view.package} lines={priceLines(view, f)} promoCode={view.promoCode} />
          </aside>
        </div>
      )}
    </PublicShell>
  );
}

function PaymentStep({ requestRef, view }: { requestRef: RequestRef; view: DemoRequestView }) {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const confirmDanger = useConfirmDanger();
  const store = useStoreDemoRequest(requestRef);
  const stage = stageOf(view);
  const options = useQuery({
    queryKey: queryKeyOf(endpoints.getPaymentOptions, requestRef.tenant),
    queryFn: ({ signal }) => {
      aimAt(requestRef);
      return call(endpoints.getPaymentOptions, { signal });
    },
    meta: { silent: true },
  });
  const offered = options.data ? offeredMethods(options.data) : undefined;
  const [picked, setMethod] = useState<PaymentMethod | undefined>(view.payment?.method);
  const method: PaymentMethod = picked && (!offered || offered.includes(picked)) ? picked : (offered?.[0] ?? 'bank-transfer');
  const [choosing, setChoosing] = useState(false);
  const [error, setError] = useState<unknown>();
  const toCompletion = () => navigate(stepPath(COMPLETE_PATH, requestRef));

  // A proof already sent or a paid request belongs on the completion page (a reload or an old mail link).
  const settledAddress = isSettledForVisitor(stage) ? stepPath(COMPLETE_PATH, requestRef) : undefined;
  useEffect(() => {
    if (settledAddress) void navigate(settledAddress, { replace: true });
  }, [settledAddress, navigate]);

  const start = useMutation({
    mutationFn: (m: PaymentMethod) => {
      aimAt(requestRef);
      return call(endpoints.startPayment, { params: { requestId: requestRef.requestId }, body: { method: m } });
    },
    meta: { silent: true },
    onSuccess: (next) => {
      setChoosing(false);
      store(next);
      const payment = next.payment;
      if (payment?.method === 'gateway' && payment.redirectUrl && payment.status === 'PENDING') {
        rememberGatewayOrder(payment.orderId, requestRef);
        window.location.assign(payment.redirectUrl);
      }
    },
    onError: setError,
  });

  const begin = () => {
    setError(undefined);
    start.mutate(method);
  };

  /** Restarting drops the current order (and an uploaded proof): asked first. */
  const changeMethod = () =>
    confirmDanger({
      title: t('demoRequest.changeMethodTitle'),
      content: t('demoRequest.changeMethodText'),
      okText: t('demoRequest.changeMethodOk'),
      onOk: () => {
        setError(undefined);
        setChoosing(true);
      },
      danger: false,
    });

  const showChoice = choosing || stage === 'choose-payment' || stage === 'payment-failed';
  const payment = view.payment;

  return (
    <Card>
      {error !== undefined && (
        <Alert
          className="form-alert"
          type="error"
          showIcon
          role="alert"
          title={t('demoRequest.paymentFailedToStart')}
          description={describeError(error)}
          closable={{ onClose: () => setError(undefined) }}
        />
      )}
      {showChoice && offered?.length === 0 ? (
        <NoPaymentMethod reference={view.reference} />
      ) : showChoice ? (
        <>
          {stage === 'payment-failed' && !choosing && (
            <Alert
              className="form-alert"
              type="warning"
              showIcon
              title={t('demoRequest.gatewayFailedTitle')}
              description={t('demoRequest.gatewayFailedText')}
            />
          )}
          <h2 className="public-flow__section-title">{t('demoRequest.chooseMethod')}</h2>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              begin();
            }}
          >
            <Radio.Group
              className="choice-cards"
              value={method}
              onChange={(e) => setMethod(e.target.value as PaymentMethod)}
              aria-label={t('demoRequest.chooseMethod')}
              disabled={start.isPending}
            >
              {(offered ?? []).map((m) => (
                <Radio key={m} value={m} className="choice-card" autoFocus={m === method}>
                  <span className="choice-card__title">
                    {METHOD_ICONS[m]} {t(`demoRequest.method.${m}`)}
                  </span>
                  <span className="choice-card__text">{t(`demoRequest.methodText.${m}`)}</span>
                </Radio>
              ))}
            </Radio.Group>
            <div className="public-flow__actions">
              {choosing && (
                <Button htmlType="button" onClick={() => setChoosing(false)} disabled={start.isPending}>
                  {t('common.cancel')}
                </Button>
              )}
              <Button
                type="primary"
                htmlType="submit"
                loading={start.isPending || options.isPending}
                disabled={!offered}
                icon={<ArrowRightOutlined />}
                iconPlacement="end"
              >
                {t('demoRequest.payWith', { method: t(`demoRequest.method.${method}`) })}
              </Button>
            </div>
          </form>
        </>
      ) : payment?.method === 'bank-transfer' ? (
        <>
          <h2 className="public-flow__section-title">{t('demoRequest.transferTitle')}</h2>
          <p className="public-flow__hint">{t('demoRequest.transferAmount')}</p>
          <p className="transfer-amount" data-testid="transfer-amount">
            {f.money(payment.amount)}
          </p>
          <Descriptions
            size="small"
            column={1}
            bordered
            className="form-alert"
            items={[
              ...(payment.bankAccount
                ? [
                    { key: 'bank', label: t('demoRequest.bankName'), children: <span data-testid="transfer-bank">{payment.bankAccount.bankName}</span> },
                    {
                      key: 'number',
                      label: t('demoRequest.accountNumber'),
                      children: (
                        <Typography.Text copyable strong data-testid="transfer-account-number">
                          {payment.bankAccount.accountNumber}
                        </Typography.Text>
                      ),
                    },
                    {
                      key: 'holder',
                      label: t('demoRequest.accountHolder'),
                      children: <span data-testid="transfer-account-holder">{payment.bankAccount.accountHolder}</span>,
                    },
                  ]
                : [{ key: 'bank', label: t('demoRequest.bankName'), children: t('demoRequest.bankAccountBySales') }]),
              {
                key: 'reference',
                label: t('demoRequest.reference'),
                children: (
                  <Typography.Text copyable strong data-testid="transfer-reference">
                    {payment.orderId}
                  </Typography.Text>
                ),
              },
            ]}
          />
          <ol className="transfer-steps">
            <li>{t('demoRequest.transferStep1', { amount: f.money(payment.amount) })}</li>
            <li>{t('demoRequest.transferStep2')}</li>
            <li>{t('demoRequest.transferStep3')}</li>
          </ol>
          <h2 className="public-flow__section-title">{t('demoRequest.proofTitle')}</h2>
          <ProofUpload
            requestRef={requestRef}
            onUploaded={(next) => {
              store(next);
              toCompletion();
            }}
          />
          <div className="public-flow__actions">
            <Button icon={<SwapOutlined />} onClick={changeMethod}>
              {t('demoRequest.changeMethod')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <h2 className="public-flow__section-title">{t('demoRequest.gatewayTitle')}</h2>
          <p>{t('demoRequest.gatewayText', { amount: f.money(view.amount) })}</p>
          <div className="public-flow__actions">
            <Button icon={<SwapOutlined />} onClick={changeMethod}>
              {t('demoRequest.changeMethod')}
            </Button>
            {payment?.redirectUrl && (
              <Button
                type="primary"
                href={payment.redirectUrl}
                onClick={() => rememberGatewayOrder(payment.orderId, requestRef)}
                icon={<ArrowRightOutlined />}
                iconPlacement="end"
              >
                {t('demoRequest.gatewayContinue')}
              </Button>
            )}
            <Button onClick={toCompletion}>{t('demoRequest.gatewayDone')}</Button>
          </div>
        </>
      )}
    </Card>
  );
}

/** No way to pay online yet (no bank account nor gateway configured): the request is in, and the team follows up. */
function NoPaymentMethod({ reference }: { reference: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Alert
      type="info"
      showIcon
      data-testid="no-payment-method"
      title={t('demoRequest.noMethodTitle')}
      description={
        <>
          <p>{t('demoRequest.noMethodText', { reference })}</p>
          <Button type="primary" onClick={() => navigate(LANDING_ROUTE)}>
            {t('onboarding.toLanding')}
          </Button>
        </>
      }
    />
  );
}
