import { describe, expect, it } from 'vitest';
import { messagesOf, unwrapErrors } from './wrapped-errors.ts';

describe('unwrapErrors', () => {
  it('finds errors wrapped under error, cause, data and __serialized__, outermost first', () => {
    const server = { message: 'Bad request: illegal arguments' };
    const cause = new Error('cause');
    const outer = Object.assign(new Error('HTTP 400', { cause }), { data: server });
    expect(unwrapErrors({ __serialized__: outer })).toEqual([{ __serialized__: outer }, outer, cause, server]);
  });

  it('stops at cycles', () => {
    const error: Record<string, unknown> = { message: 'loop' };
    error.cause = error;
    expect(unwrapErrors(error)).toEqual([error]);
  });

  it('finds nothing in a primitive', () => {
    expect(unwrapErrors('text')).toEqual([]);
    expect(unwrapErrors(undefined)).toEqual([]);
  });
});

describe('messagesOf', () => {
  it('collects the message of a wrapped API error and of its server error', () => {
    const wrapped = { status: 401, error: { message: 'Username and password do not match' }, message: 'Unauthorized' };
    expect(messagesOf(wrapped)).toEqual(['Unauthorized', 'Username and password do not match']);
  });

  it('treats a string as its own message and ignores non-string messages', () => {
    expect(messagesOf('boom')).toEqual(['boom']);
    expect(messagesOf({ message: 42 })).toEqual([]);
  });
});
