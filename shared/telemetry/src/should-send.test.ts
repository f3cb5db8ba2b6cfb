import { describe, expect, it } from 'vitest';
import { NEVER_SENT_MESSAGES, shouldSend } from './should-send.ts';

describe('shouldSend', () => {
  it.each(NEVER_SENT_MESSAGES)('never sends an exception whose value is "%s"', (message) => {
    expect(shouldSend({ exception: { values: [{ type: 'Error', value: message }] } })).toBe(false);
  });

  it.each(NEVER_SENT_MESSAGES)('never sends a message event "%s"', (message) => {
    expect(shouldSend({ message })).toBe(false);
    expect(shouldSend({ logentry: { message } })).toBe(false);
  });

  it('matches whatever the case and whatever prefix a wrapper adds', () => {
    const value = 'HTTPError: 401: USERNAME AND PASSWORD DO NOT MATCH';
    expect(shouldSend({ exception: { values: [{ value }] } })).toBe(false);
  });

  it('finds the message as error.message of a wrapped API error passed to captureException', () => {
    const apiError = {
      status: 409,
      correlation_id: 'c-1',
      error: { message: 'Your email address is already registered with us' },
    };
    const value = 'Object captured as exception with keys: correlation_id, error, status';
    const event = { exception: { values: [{ value }] } };
    expect(shouldSend(event, { originalException: apiError })).toBe(false);
    expect(shouldSend({ ...event, extra: { __serialized__: apiError } })).toBe(false);
  });

  it('finds the message in the cause of an Error', () => {
    const error = new Error('Request failed', { cause: new Error('New password is weak') });
    const event = { exception: { values: [{ value: 'Request failed' }] } };
    expect(shouldSend(event, { originalException: error })).toBe(false);
  });

  it('sends every other error', () => {
    expect(shouldSend({ exception: { values: [{ value: 'Internal Server Error' }] } })).toBe(true);
    const hint = { originalException: new Error('Gateway timeout') };
    expect(shouldSend({ message: 'password reset email sent' }, hint)).toBe(true);
    expect(shouldSend({})).toBe(true);
  });
});
