import type { Country, Currency } from './commerce.ts';

/**
 * What a parent's plan costs and how its trial runs: the one source the sign-up's words and the
 * reference server's subscriptions read. The spec names no figures: these are working figures the
 * business has yet to confirm (ADR 023).
 */
export const TRIAL_DAYS = 14;
/** Days before the trial's end that the parent is reminded of the first charge. */
export const TRIAL_REMINDER_DAYS = 3;

export const PLAN_PERIODS = ['month', 'year'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

/** A price in the currency's minor unit (pence, cents), so no sum is ever a float. */
export type PlanPrice = { currency: Currency; amountMinor: number; period: PlanPeriod };

/** The price after the trial, per country: every plan purpose costs the same. */
export const PLAN_PRICES: Record<Country, PlanPrice> = {
  GB: { currency: 'gbp', amountMinor: 1999, period: 'month' },
  US: { currency: 'usd', amountMinor: 2499, period: 'month' },
};

/**
 * The version of the terms and privacy notice a sign-up agrees to (their date). A new text gets a new
 * version, and the reference server records with each account the version it agreed to, and when.
 */
export const TERMS_VERSION = '2026-11-01';
