/**
 * `npm run bench` (security part, issue 13): what a stranger can do to the reference server's event
 * loop through the password strength check. 500 requests a second of 1,000 random characters each,
 * evenly spaced, for 10 s (bench/paced-load.ts) while a second process asks /health 20 times a
 * second; p50/p95/p99 of both are printed, computed from every response. Two attacks: one address
 * (the per-address limit answers most) and 500 addresses behind a trusted proxy (the worker pool
 * refuses what could not start within 20 ms), after a warm-up that is not counted. Prints figures;
 * asserts nothing.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { pacedLoad, type PacedRun } from './bench/paced-load.ts';
import { startReferenceServer } from './bench/servers.ts';

const RATE = 500;
const HEALTH_RATE = 20;
const SECONDS = 10;
const WARM_UP_SECONDS = 2;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const describe = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms (${sorted.length} answers)`;
};

const randomPassword = () => randomBytes(750).toString('base64').slice(0, 1000);

/**
 * /health asked HEALTH_RATE times a second from a process of its own, so the attack's client does
 * not delay the probe's own clock; prints each answer's time as JSON.
 */
const HEALTH_PROBE = `
const [url, rate, seconds] = process.argv.slice(1);
const times = [];
const pending = [];
const timer = setInterval(() => {
  const started = performance.now();
  pending.push(fetch(url).then((r) => r.text()).then(() => times.push(performance.now() - started), () => undefined));
}, 1000 / Number(rate));
setTimeout(async () => { clearInterval(timer); await Promise.all(pending); console.log(JSON.stringify(times)); }, Number(seconds) * 1000);
`;

const probeHealth = (origin: string): Promise<number[]> =>
  new Promise((resolve, reject) =>
    execFile(process.execPath, ['--input-type=module', '-e', HEALTH_PROBE, `${origin}/health`, String(HEALTH_RATE), String(SECONDS)], (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout) as number[]),
    ),
  );

const statuses = ({ statuses: counts }: PacedRun) => [...counts].map(([status, count]) => `${status}: ${count}`).join(', ');

/** The strength check at RATE a second for `seconds`: a new password each time, from one address or (spread) a new one each time. */
const strengthLoad = (origin: string, seconds: number, addressFor: (n: number) => string) =>
  pacedLoad({
    url: `${origin}/public/user/verify_password_strength`,
    rate: RATE,
    seconds,
    requestFor: (n) => ({
      headers: { Origin: origin, 'X-Requested-With': 'bench', 'Content-Type': 'application/json', 'X-Forwarded-For': addressFor(n) },
      body: JSON.stringify({ password: randomPassword() }),
    }),
  });

const spreadAddress = (prefix: number) => (n: number) => `10.${prefix}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;

const attack = async (origin: string, label: string, spread: boolean) => {
  const [strength, health] = await Promise.all([strengthLoad(origin, SECONDS, spread ? spreadAddress(1) : () => '10.2.0.1'), probeHealth(origin)]);
  console.log(`${label}:`);
  console.log(`  strength check at ${RATE}/s: ${describe(strength.times)}; ${statuses(strength)}`);
  console.log(`  /health at ${HEALTH_RATE}/s meanwhile: ${describe(health)}`);
};

const { origin, stop } = await startReferenceServer({ TRUSTED_PROXIES: 'loopback' });
try {
  // A server under attack has been serving for a while: its code is compiled. Two seconds of the
  // same load from addresses of their own, not counted, so the figures are not the first requests'.
  await strengthLoad(origin, WARM_UP_SECONDS, spreadAddress(3));
  console.log(`/health alone at ${HEALTH_RATE}/s: ${describe(await probeHealth(origin))}`);
  await attack(origin, 'One address, 1,000 random characters a request', false);
  await attack(origin, '500 addresses a second behind a trusted proxy, 1,000 random characters a request', true);
} finally {
  stop();
}
