import type { ReactNode } from 'react';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { leadProductName, type LeadPackage, type LeadProduct } from '@nusa/contracts';
import type { PriceLines } from './money.ts';

interface OrderSummaryProps {
  product?: LeadProduct;
  pkg?: LeadPackage;
  lines?: PriceLines;
  promoCode?: string | null;
  /** Waiting for a promo check: the amounts are about to change. */
  pending?: boolean;
  children?: ReactNode;
}

/** Product, package, price, discount and the amount to pay, as priceLines wrote them in the interface language. */
export function OrderSummary({ product, pkg, lines, promoCode, pending = false, children }: OrderSummaryProps) {
  const { t, i18n } = useTranslation();
  return (
    <Card title={t('demoRequest.summaryTitle')} className="order-summary" data-testid="order-summary">
      {lines ? (
        <dl className="order-summary__list" aria-busy={pending}>
          <div className="order-summary__line">
            <dt>{t('demoRequest.product')}</dt>
            <dd>{product ? leadProductName(product, i18n.language) : '—'}</dd>
          </div>
          <div className="order-summary__line">
            <dt>{t('demoRequest.package')}</dt>
            <dd>{pkg ? t(`onboarding.package.${pkg}`) : '—'}</dd>
          </div>
          <div className="order-summary__line">
            <dt>{t('demoRequest.price')}</dt>
            <dd>{lines.price}</dd>
          </div>
          {lines.discount && (
            <div className="order-summary__line order-summary__discount">
              <dt>{promoCode ? t('demoRequest.discountWithCode', { code: promoCode }) : t('demoRequest.discount')}</dt>
              <dd data-testid="summary-discount">{lines.discount}</dd>
            </div>
          )}
          <div className="order-summary__line order-summary__total">
            <dt>{t('demoRequest.total')}</dt>
            <dd data-testid="summary-amount">{lines.amount}</dd>
          </div>
        </dl>
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      )}
      {children}
    </Card>
  );
}
