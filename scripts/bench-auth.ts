/**
 * `npm run bench` (second part): what a login costs on the reference server, and whether an unknown
 * username answers as fast as a wrong password (it must: timing must not reveal which accounts exist).
 * Prints figures; asserts nothing.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { hashPassword, verifyPassword } from '../server/src/accounts/passwords.ts';
import { DEMO_ACCOUNTS } from '../server/src/accounts/seed.ts';

const ROUNDS = 4;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const format = (ms: number) => `${ms.toFixed(1)} ms`;

const timeHashing = async () => {
  const hashes: number[] = [];
  const verifies: number[] = [];
  for (let index = 0; index < 8; index += 1) {
    let started = performance.now();
    const hash = await hashPassword(`bench-password-${index}`);
    hashes.push(performance.now() - started);
    started = performance.now();
    await verifyPassword(`bench-password-${index}`, hash);
    verifies.push(performance.now() - started);
  }
  console.log(`scrypt (N=2^15, r=8, p=1): hash ${format(median(hashes))}, verify ${format(median(verifies))} (median of 8)`);
};

const timeLogins = async () => {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['server/src/main.ts'], {
    env: { ...process.env, PORT: String(port), DATABASE_PATH: ':memory:', LOGIN_ADDRESS_LIMIT: '100000' },
    stdio: 'ignore',
  });
  try {
    for (let tries = 0; !(await fetch(`${origin}/health`).then((r) => r.ok, () => false)); tries += 1) {
      if (tries > 100) throw new Error('the reference server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const login = async (username: string) => {
      const started = performance.now();
      const response = await fetch(`${origin}/ms_accounts/auth/login`, {
        method: 'POST',
        headers: { Origin: origin, 'X-Requested-With': 'bench', 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, password: 'certainly-not-the-password' }),
      });
      const body = await response.text();
      return { ms: performance.now() - started, answer: `${response.status} ${body}` };
    };
    const unknown: number[] = [];
    const wrong: number[] = [];
    const answers = new Set<string>();
    // Interleaved, and fewer than 5 failures per account, so no captcha cuts a check short.
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const account of DEMO_ACCOUNTS) {
        const miss = await login(`nobody-${round}-${account.username}@example.com`);
        const bad = await login(account.username);
        unknown.push(miss.ms);
        wrong.push(bad.ms);
        answers.add(miss.answer).add(bad.answer);
      }
    }
    const [u, w] = [median(unknown), median(wrong)];
    console.log(`login, unknown user:   ${format(u)} median of ${unknown.length}`);
    console.log(`login, wrong password: ${format(w)} median of ${wrong.length}`);
    console.log(`difference: ${((Math.abs(u - w) / w) * 100).toFixed(1)} % (target within 10 %); distinct answers: ${answers.size}`);
  } finally {
    server.kill();
  }
};

await timeHashing();
await timeLogins();
