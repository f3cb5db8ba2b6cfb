/**
 * `npm run bench` (security part, issue 13): what a stranger can do to the reference server's event
 * loop through the password strength check. autocannon sends 500 requests a second of 1,000 random
 * characters each for 10 s while a second client asks /health 20 times a second; p50/p95/p99 of
 * both are printed, computed from every response. Two attacks: one address (the per-address limit
 * answers most) and 500 addresses behind a trusted proxy (the bounded worker queue answers the
 * overflow). Prints figures; asserts nothing.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { startReferenceServer } from './bench/servers.ts';

const RATE = 500;
const HEALTH_RATE = 20;
const SECONDS = 10;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const describe = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms (${sorted.length} answers)`;
};

const randomPassword = () => randomBytes(750).toString('base64').slice(0, 1000);

type Run = { times: number[]; statuses: Map<number, number> };

/** One autocannon run at a fixed rate, keeping every response's time and status. */
const load = (options: autocannon.Options, vary?: (client: autocannon.Client) => void): Promise<Run> =>
  new Promise((resolve, reject) => {
    const run: Run = { times: [], statuses: new Map() };
    const instance = autocannon({ ...options, duration: SECONDS }, (error) => (error ? reject(error) : resolve(run)));
    instance.on('response', (client, statusCode, _bytes, responseTime) => {
      run.times.push(responseTime);
      run.statuses.set(statusCode, (run.statuses.get(statusCode) ?? 0) + 1);
      vary?.(client);
    });
  });

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

const statuses = ({ statuses: counts }: Run) => [...counts].map(([status, count]) => `${status}: ${count}`).join(', ');

const attack = async (origin: string, label: string, spread: boolean) => {
  let address = 0;
  const headers = (): Record<string, string> => ({
    Origin: origin,
    'X-Requested-With': 'bench',
    'Content-Type': 'application/json',
    ...(spread ? { 'X-Forwarded-For': `10.1.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}` } : {}),
  });
  const [strength, health] = await Promise.all([
    load(
      {
        url: `${origin}/public/user/verify_password_strength`,
        method: 'POST',
        connections: 100,
        overallRate: RATE,
        headers: headers(),
        body: JSON.stringify({ password: randomPassword() }),
      },
      // A new password (and, spread, a new address) for the next request of this connection.
      (client) => client.setHeadersAndBody(headers(), JSON.stringify({ password: randomPassword() })),
    ),
    probeHealth(origin),
  ]);
  console.log(`${label}:`);
  console.log(`  strength check at ${RATE}/s: ${describe(strength.times)}; ${statuses(strength)}`);
  console.log(`  /health at ${HEALTH_RATE}/s meanwhile: ${describe(health)}`);
};

const { origin, stop } = await startReferenceServer({ TRUSTED_PROXIES: 'loopback' });
try {
  console.log(`/health alone at ${HEALTH_RATE}/s: ${describe(await probeHealth(origin))}`);
  await attack(origin, 'One address, 1,000 random characters a request', false);
  await attack(origin, '500 addresses a second behind a trusted proxy, 1,000 random characters a request', true);
} finally {
  stop();
}
