import type { ExamSessionState } from '@entry/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followSessionStatus, type EventSourceLike } from './follow-session-status.ts';

const state = (status: ExamSessionState['status'], version: number): ExamSessionState => ({
  id_exam_session: 7,
  status,
  remaining_seconds: 600,
  time_limit_seconds: 600,
  version,
});

class FakeEventSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listener: ((event: MessageEvent<string>) => void) | null = null;
  addEventListener(_type: 'state', listener: (event: MessageEvent<string>) => void) {
    this.listener = listener;
  }
  close() {
    this.closed = true;
  }
  push(data: string) {
    this.listener?.(new MessageEvent('state', { data }));
  }
}

const setup = (options: { eventSource?: boolean } = {}) => {
  const source = new FakeEventSource();
  let served = state('waiting_to_start', 1);
  const poll = vi.fn(async () => served);
  const states: ExamSessionState[] = [];
  const stop = followSessionStatus({
    url: '/ms_exams/sessions/7/events',
    poll,
    onState: (next) => states.push(next),
    createEventSource: options.eventSource === false ? null : () => source,
  });
  return { source, poll, states, stop, serve: (next: ExamSessionState) => (served = next) };
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('following the session status', () => {
  it('delivers what the stream pushes, and does not poll while the stream is up', async () => {
    const { source, poll, states, stop } = setup();
    source.onopen?.(new Event('open'));
    source.push(JSON.stringify(state('waiting_to_start', 1)));
    source.push(JSON.stringify(state('started', 2)));
    source.push('not json');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(states.map((item) => item.status)).toEqual(['waiting_to_start', 'started']);
    expect(poll).not.toHaveBeenCalled();
    stop();
    expect(source.closed).toBe(true);
  });

  it('polls every 5 s while the stream is down, and stops once it is back', async () => {
    const { source, poll, states, serve } = setup();
    source.onerror?.(new Event('error'));
    await vi.advanceTimersByTimeAsync(0);
    expect(poll).toHaveBeenCalledTimes(1);
    serve(state('paused', 4));
    await vi.advanceTimersByTimeAsync(5000);
    expect(states.at(-1)?.status).toBe('paused');
    source.onopen?.(new Event('open'));
    const calls = poll.mock.calls.length;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(poll).toHaveBeenCalledTimes(calls);
  });

  it('still polls slowly with the stream up, in case a proxy holds its events back', async () => {
    const { source, poll } = setup();
    source.onopen?.(new Event('open'));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('polls only, where there is no EventSource, and drops a state older than one delivered', async () => {
    const { poll, states, serve, stop } = setup({ eventSource: false });
    await vi.advanceTimersByTimeAsync(0);
    serve(state('started', 3));
    await vi.advanceTimersByTimeAsync(5000);
    serve(state('waiting_to_start', 2));
    await vi.advanceTimersByTimeAsync(5000);
    expect(states.map((item) => item.version)).toEqual([1, 3]);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(poll).toHaveBeenCalledTimes(3);
  });
});
