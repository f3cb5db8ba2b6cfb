import type { ExamSessionState } from '@entry/api';

/** The part of EventSource this uses (a fake one in tests). */
export type EventSourceLike = {
  addEventListener(type: 'state', listener: (event: MessageEvent<string>) => void): void;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
};

export type FollowOptions = {
  url: string;
  poll: () => Promise<ExamSessionState>;
  onState: (state: ExamSessionState) => void;
  /** null where the browser has no EventSource: polling only. */
  createEventSource?: ((url: string) => EventSourceLike) | null;
  /** While the stream is down (and until it first opens). */
  fallbackPollMs?: number;
  /** Always, in case something between us and the server holds the stream's events back. */
  safetyPollMs?: number;
};

const browserEventSource = typeof EventSource === 'undefined' ? null : (url: string) => new EventSource(url);

/**
 * Follows an exam session's state as the invigilator changes it: pushed by server-sent events,
 * with polling while the stream is down (EventSource reconnects by itself) and a slow poll always.
 * A state older than one already delivered is dropped. Returns the function that stops following.
 */
export const followSessionStatus = ({
  url,
  poll,
  onState,
  createEventSource = browserEventSource,
  fallbackPollMs = 5000,
  safetyPollMs = 30_000,
}: FollowOptions): (() => void) => {
  let latest = -1;
  let stopped = false;
  let fallback: ReturnType<typeof setInterval> | null = null;

  const deliver = (state: ExamSessionState) => {
    if (stopped || state.version < latest) return;
    latest = state.version;
    onState(state);
  };
  const pollOnce = () => {
    poll().then(deliver, () => {
      // Unreachable now; the next poll or the stream will tell.
    });
  };
  const startFallback = () => {
    if (fallback || stopped) return;
    pollOnce();
    fallback = setInterval(pollOnce, fallbackPollMs);
  };
  const stopFallback = () => {
    if (fallback) clearInterval(fallback);
    fallback = null;
  };

  const safety = setInterval(pollOnce, safetyPollMs);
  const source = createEventSource?.(url) ?? null;
  if (source) {
    source.addEventListener('state', (event) => {
      try {
        deliver(JSON.parse(event.data) as ExamSessionState);
      } catch {
        // A malformed event says nothing; the next one, or a poll, will.
      }
    });
    source.onopen = () => stopFallback();
    source.onerror = () => startFallback();
  } else {
    startFallback();
  }

  return () => {
    stopped = true;
    stopFallback();
    clearInterval(safety);
    source?.close();
  };
};
