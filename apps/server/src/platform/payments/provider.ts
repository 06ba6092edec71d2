/** A payment to collect: the caller's order id (unique, at most 50 characters), amount in whole rupiah, payer. */
export interface PaymentOrder {
  orderId: string;
  /** Decimal string of whole currency units (IDR has no minor unit at gateways). */
  grossAmount: string;
  customer: { name: string; email: string; phone: string };
  description: string;
}

export type PaymentStart = { kind: 'transfer'; bankAccount: BankAccount | null } | { kind: 'redirect'; token: string; redirectUrl: string };

export interface BankAccount {
  bankName: string;
  accountNumber: string;
  accountHolder: string;
}

/** A notification whose authenticity was checked; `outcome` is what it means for the order. */
export interface VerifiedNotification {
  orderId: string;
  grossAmount: string;
  outcome: 'paid' | 'pending' | 'failed';
}

export interface PaymentProvider {
  readonly id: 'bank-transfer' | 'gateway';
  start(order: PaymentOrder): Promise<PaymentStart>;
}

/** Manual bank transfer: the payer sends the amount to the configured account and uploads a proof. */
export class BankTransferProvider implements PaymentProvider {
  readonly id = 'bank-transfer' as const;
  constructor(private readonly account: BankAccount | null) {}
  async start(): Promise<PaymentStart> {
    return { kind: 'transfer', bankAccount: this.account };
  }
}

/** Parses "bank|account number|account holder" (PAYMENT_BANK_ACCOUNT). */
export function parseBankAccount(value: string | undefined): BankAccount | null {
  if (!value) return null;
  const [bankName, accountNumber, accountHolder] = value.split('|').map((s) => s.trim());
  return bankName && accountNumber && accountHolder ? { bankName, accountNumber, accountHolder } : null;
}
