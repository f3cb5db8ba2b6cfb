import { describe, expect, it } from 'vitest';
import { correlationIdOf, findCorrelationId } from './correlation-id.ts';

class ApiError extends Error {
  readonly correlation_id: string;

  constructor(message: string, correlationId: string) {
    super(message);
    this.correlation_id = correlationId;
  }
}

describe('correlationIdOf', () => {
  it('reads correlation_id from an API error', () => {
    expect(correlationIdOf(new ApiError('Internal Server Error', 'c-500'))).toBe('c-500');
  });

  it('reads it from the cause or the wrapped server error', () => {
    const wrapped = new Error('Saving failed', { cause: new ApiError('Gateway timeout', 'c-504') });
    expect(correlationIdOf(wrapped)).toBe('c-504');
    expect(correlationIdOf({ status: 500, error: { correlationId: 'c-js' } })).toBe('c-js');
  });

  it('prefers the outermost id', () => {
    expect(correlationIdOf({ correlation_id: 'outer', cause: { correlation_id: 'inner' } })).toBe('outer');
  });

  it('finds none in errors without one, or with an empty one', () => {
    expect(correlationIdOf(new Error('plain'))).toBeUndefined();
    expect(correlationIdOf({ correlation_id: '' })).toBeUndefined();
    expect(correlationIdOf('text')).toBeUndefined();
  });
});

describe('findCorrelationId', () => {
  it('takes the original error first', () => {
    const event = { extra: { correlation_id: 'from-extra' } };
    expect(findCorrelationId(event, { originalException: new ApiError('x', 'from-error') })).toBe('from-error');
  });

  it('falls back to extra, then to the serialized object, then to contexts', () => {
    expect(findCorrelationId({ extra: { correlation_id: 'from-extra' } })).toBe('from-extra');
    expect(findCorrelationId({ extra: { __serialized__: { correlation_id: 'from-object' } } })).toBe('from-object');
    expect(findCorrelationId({ contexts: { api: { correlation_id: 'from-context' } } })).toBe('from-context');
  });

  it('finds none when nothing carries one', () => {
    expect(findCorrelationId({ message: 'x', contexts: { os: { name: 'Linux' } } })).toBeUndefined();
  });
});
