import { BankTransferProvider, parseBankAccount } from './provider.ts';
import { SnapGateway } from './snap.ts';

export * from './provider.ts';
export * from './snap.ts';

/** The providers a configuration offers: bank transfer always, the gateway only with its URL and server key. */
export function paymentProviders(config: { PAYMENT_GATEWAY_URL?: string; PAYMENT_GATEWAY_SERVER_KEY?: string; PAYMENT_BANK_ACCOUNT?: string }) {
  return {
    bankTransfer: new BankTransferProvider(parseBankAccount(config.PAYMENT_BANK_ACCOUNT)),
    gateway:
      config.PAYMENT_GATEWAY_URL && config.PAYMENT_GATEWAY_SERVER_KEY
        ? new SnapGateway(config.PAYMENT_GATEWAY_URL, config.PAYMENT_GATEWAY_SERVER_KEY)
        : undefined,
  };
}
