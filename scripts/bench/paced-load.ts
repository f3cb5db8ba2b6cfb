import { Agent, request, type IncomingMessage } from 'node:http';

export type PacedRequest = { headers: Record<string, string>; body?: string };

/** How a page was made, by its Server-Timing: kept from an earlier visitor, composed now, or left to the browser. */
export const pageKind = (response: IncomingMessage) => {
  const timing = String(response.headers['server-timing'] ?? '');
  return /desc="([^"]+)"/.exec(timing)?.[1] ?? 'composed';
};
/** Every answer's time, the count of each status and of each kind (`kindOf`), and how long from the first request to the last answer. */
export type PacedRun = { times: number[]; statuses: Map<number | 'error', number>; kinds: Map<string, number>; elapsedMs: number };

/**
 * An open-loop load at a steady rate: request n leaves at start + n / rate whatever the answers do,
 * and its time is counted from then, not from when it actually left, so a server that falls behind
 * is charged for the wait (no coordinated omission). autocannon's `overallRate` is a different load:
 * each connection sends its share of the second at once and then waits, so "500 a second" arrives
 * as a burst of 500 each second. `requestFor(n)` gives request n's headers and body, `pathFor(n)` its path.
 */
export const pacedLoad = async ({
  url,
  method = 'POST',
  rate,
  seconds,
  requestFor,
  pathFor,
  kindOf,
}: {
  url: string;
  method?: string;
  rate: number;
  seconds: number;
  requestFor: (n: number) => PacedRequest;
  /** Request n's path on `url`'s origin, when they differ. */
  pathFor?: (n: number) => string;
  /** What kind of answer this is, to be counted (by a header, say). */
  kindOf?: (response: IncomingMessage) => string;
}): Promise<PacedRun> => {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const run: PacedRun = { times: [], statuses: new Map(), kinds: new Map(), elapsedMs: 0 };
  const count = (status: number | 'error') => run.statuses.set(status, (run.statuses.get(status) ?? 0) + 1);
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const start = performance.now();
  let sent = 0;
  let answered = 0;
  try {
    await new Promise<void>((resolve) => {
      const settle = () => {
        answered += 1;
        if (answered === total) resolve();
      };
      const send = (n: number) => {
        const due = start + n * interval;
        const { headers, body } = requestFor(n);
        const outgoing = request(pathFor ? new URL(pathFor(n), url).href : url, { method, agent, headers: body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } }, (response) => {
          response.resume();
          response.on('end', () => {
            run.times.push(performance.now() - due);
            count(response.statusCode ?? 0);
            if (kindOf) run.kinds.set(kindOf(response), (run.kinds.get(kindOf(response)) ?? 0) + 1);
            settle();
          });
        });
        outgoing.on('error', () => {
          count('error');
          settle();
        });
        outgoing.end(body);
      };
      const tick = () => {
        while (sent < total && start + sent * interval <= performance.now()) send(sent++);
        if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
      };
      tick();
    });
  } finally {
    agent.destroy();
  }
  run.elapsedMs = performance.now() - start;
  return run;
};
