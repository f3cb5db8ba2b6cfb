export const COUNTRIES = ['GB', 'US'] as const;
export type Country = (typeof COUNTRIES)[number];

export const CURRENCIES = ['gbp', 'usd', 'eur'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CARD_BRANDS = ['MasterCard', 'Visa', 'American Express'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const DISCOUNT_TYPES = ['repeating_fixed', 'repeating_percent', 'once_fixed', 'once_percent'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const PLAN_PURPOSES = ['general_learning', 'exam_preparation', 'cat4', 'sats', 'ks3'] as const;
export type PlanPurpose = (typeof PLAN_PURPOSES)[number];

/**
 * The plans on offer in each country. CAT4, SATs and Key Stage 3 are English tests and stages; a US
 * family prepares for its schools' admissions tests under exam preparation.
 */
export const PLAN_PURPOSES_BY_COUNTRY: Record<Country, readonly PlanPurpose[]> = {
  GB: PLAN_PURPOSES,
  US: ['general_learning', 'exam_preparation'],
};

/** Our own subscription status, distinct from the payment provider's below. */
export const SUBSCRIPTION_STATUSES = ['active', 'trial', 'payment_failed', 'deactivated', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The payment provider's own spelling, US `canceled` included; do not merge with ours. */
export const PAYMENT_PROVIDER_SUBSCRIPTION_STATUSES = [
  'active',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'trialing',
  'unpaid',
] as const;
export type PaymentProviderSubscriptionStatus = (typeof PAYMENT_PROVIDER_SUBSCRIPTION_STATUSES)[number];

export const INVOICE_STATUSES = ['draft', 'open', 'void', 'paid', 'uncollectible'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Whether a referral or voucher has been redeemed. */
export const VOUCHER_USE_STATUSES = ['PENDING', 'USED'] as const;
export type VoucherUseStatus = (typeof VOUCHER_USE_STATUSES)[number];
