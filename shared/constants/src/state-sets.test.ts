import { describe, expect, it } from 'vitest';
import {
  INVOICE_STATUSES,
  PAYMENT_PROVIDER_SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_STATUSES,
  VOUCHER_USE_STATUSES,
} from './commerce.ts';
import { COOKIE_CONSENT_STATES } from './cookies.ts';
import { ENTITY_ACTIVE_STATES } from './entity-states.ts';
import { EXAM_SESSION_STATUSES } from './exam-sessions.ts';
import { COMPLETION_STATES, LEARNING_SESSION_PROGRESS_STATES } from './learning.ts';
import { REPORT_JOB_STATUSES } from './reports.ts';
import {
  DISCLOSURE_STATES,
  GOOGLE_SCRIPT_LOAD_STATES,
  RELEASE_NOTICE_KINDS,
  SWITCH_STATES,
  TOAST_TRANSITIONS,
} from './ui-states.ts';

/* Every state set of SPEC 4, member for member and in the spec's order. */
describe('state sets', () => {
  it.each([
    [
      'exam session',
      EXAM_SESSION_STATUSES,
      ['archived', 'not_active', 'waiting_to_start', 'started', 'paused', 'stopped', 'sen_paused'],
    ],
    [
      'learning-session progress',
      LEARNING_SESSION_PROGRESS_STATES,
      ['not_started', 'in_progress', 'finished', 'not_finished'],
    ],
    ['completion', COMPLETION_STATES, ['completed', 'not_completed', 'in_progress', 'not_started']],
    ['subscription', SUBSCRIPTION_STATUSES, ['active', 'trial', 'payment_failed', 'deactivated', 'cancelled']],
    [
      'payment-provider subscription',
      PAYMENT_PROVIDER_SUBSCRIPTION_STATUSES,
      ['active', 'canceled', 'incomplete', 'incomplete_expired', 'past_due', 'trialing', 'unpaid'],
    ],
    ['invoice', INVOICE_STATUSES, ['draft', 'open', 'void', 'paid', 'uncollectible']],
    ['entity active', ENTITY_ACTIVE_STATES, ['active', 'not_active', 'disabled']],
    ['referral or voucher use', VOUCHER_USE_STATUSES, ['PENDING', 'USED']],
    [
      'report job',
      REPORT_JOB_STATUSES,
      [
        'queued',
        'running',
        'success',
        'failed',
        'up_for_retry',
        'up_for_reschedule',
        'upstream_failed',
        'skipped',
        'scheduled',
        'unknown',
        'not_submitted',
      ],
    ],
    ['cookie consent', COOKIE_CONSENT_STATES, ['PENDING', 'READY']],
    ['Google script loading', GOOGLE_SCRIPT_LOAD_STATES, ['LOADING', 'SUCCESS', 'ERROR']],
    ['release notice', RELEASE_NOTICE_KINDS, ['none', 'alert', 'toast']],
    ['toast', TOAST_TRANSITIONS, ['added', 'upserted', 'dismissed', 'removed']],
    ['switch and toggle', SWITCH_STATES, ['on', 'off']],
    ['accordion, collapsible, dialog, tooltip', DISCLOSURE_STATES, ['open', 'closed']],
  ] as const)('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('keeps our cancelled apart from the payment provider’s canceled', () => {
    expect(SUBSCRIPTION_STATUSES).not.toContain('canceled');
    expect(PAYMENT_PROVIDER_SUBSCRIPTION_STATUSES).not.toContain('cancelled');
  });
});
