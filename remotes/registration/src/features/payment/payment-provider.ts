import type { ComponentType } from 'react';
import type { Currency } from '@entry/constants';

/** What a provider hands back: its own reference to a saved payment method, never card data. */
export type PaymentMethod = { provider: string; reference: string };

/**
 * A payment provider behind the parent sign-up's payment step. The plan starts as a free trial
 * without a card, so the step exists only when a provider is configured (PUBLIC_PAYMENT_PROVIDER
 * names one registered here); none is, today.
 */
export type PaymentProvider = {
  id: string;
  /** The provider's card form; it calls `onSaved` once the provider has stored the method. */
  Form: ComponentType<{ currency: Currency; onSaved: (method: PaymentMethod) => void }>;
};

const providers = new Map<string, PaymentProvider>();

export const registerPaymentProvider = (provider: PaymentProvider): void => {
  providers.set(provider.id, provider);
};

/** The configured provider, or null: no provider, no payment step. */
export const configuredPaymentProvider = (id: string | undefined = import.meta.env.PUBLIC_PAYMENT_PROVIDER): PaymentProvider | null =>
  (id && providers.get(id)) || null;
