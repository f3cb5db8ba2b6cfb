/**
 * `npm run bench` (strangers part, issue 26): what the calls anyone can make without an account cost
 * under load. Each at 500 requests a second, evenly spaced, for 10 s (bench/paced-load.ts), from 500
 * addresses a second behind a trusted proxy, after a warm-up that is not counted; p50/p95/p99 from
 * every response, and the statuses (a 429 is a fast refusal, which counts as an answer). Prints
 * figures; asserts nothing.
 */
import { pacedLoad, type PacedRequest } from './bench/paced-load.ts';
import { startReferenceServer } from './bench/servers.ts';

const RATE = 500;
const SECONDS = 10;
const WARM_UP_SECONDS = 2;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const NAMES = ['Ada', 'Grace', 'Alan', 'Katherine', 'Tim', 'Margaret', 'Edsger', 'Barbara', 'Donald', 'Frances'];

type Call = { label: string; method: 'GET' | 'POST'; path: (n: number) => string; body?: (n: number) => string };
const CALLS: Call[] = [
  {
    label: 'GET /ms_accounts/usernames/suggestions',
    method: 'GET',
    path: (n) => `/ms_accounts/usernames/suggestions?firstName=${NAMES[n % 10]}&lastName=${NAMES[(n >> 3) % 10]}${n % 97}`,
  },
  { label: 'GET /ms_accounts/usernames/:username', method: 'GET', path: (n) => `/ms_accounts/usernames/student${n}` },
  { label: 'POST /ms_accounts/auth/require-captcha', method: 'POST', path: () => '/ms_accounts/auth/require-captcha', body: (n) => JSON.stringify({ username: `someone${n}@example.com` }) },
  { label: 'GET /ms_accounts/auth/require-captcha', method: 'GET', path: () => '/ms_accounts/auth/require-captcha' },
  { label: 'GET /app-metadata/latest-release', method: 'GET', path: () => '/app-metadata/latest-release' },
  { label: 'GET /app-metadata/visitor', method: 'GET', path: () => '/app-metadata/visitor' },
];

/** A new address every request, 500 a second, as many visitors behind the CDN would be. */
const addressOf = (round: number, n: number) => `10.${round}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;

const load = (origin: string, call: Call, seconds: number, round: number) =>
  pacedLoad({
    url: origin,
    method: call.method,
    rate: RATE,
    seconds,
    requestFor: (n): PacedRequest => ({
      headers: {
        Origin: origin,
        'X-Requested-With': 'bench',
        'Content-Type': 'application/json',
        'X-Forwarded-For': addressOf(round, n),
      },
      body: call.body?.(n),
    }),
    pathFor: call.path,
  });

const { origin, stop } = await startReferenceServer({ TRUSTED_PROXIES: 'loopback' });
try {
  console.log(`Calls a stranger can make, each at ${RATE}/s for ${SECONDS} s from ${RATE} addresses a second:`);
  for (const [index, call] of CALLS.entries()) {
    await load(origin, call, WARM_UP_SECONDS, 100 + index);
    const run = await load(origin, call, SECONDS, index + 1);
    const sorted = [...run.times].sort((a, b) => a - b);
    const statuses = [...run.statuses].map(([status, count]) => `${status}: ${count}`).join(', ');
    console.log(
      `  ${call.label}: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms (${statuses})`,
    );
  }
} finally {
  stop();
}
