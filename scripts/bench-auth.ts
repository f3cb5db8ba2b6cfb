/**
 * `npm run bench` (second part): what a login costs on the reference server, what timing tells a
 * stranger, and what brute force gets (issue 13 points 4 and 6). Every request but the attacks
 * comes from an address of its own (X-Forwarded-For through a trusted loopback proxy), so no
 * limit skews a timing. Prints figures; asserts nothing.
 */
import { scrypt } from 'node:crypto';
import autocannon from 'autocannon';
import { startReferenceServer } from './bench/servers.ts';
import { ARGON2_PARAMS, hashPassword, verifyPassword } from '../server/src/accounts/passwords.ts';
import { DEMO_ACCOUNTS, DEMO_APPLICANT } from '../server/src/accounts/seed.ts';

const ROUNDS = 4;
const RESETS = 100;
const VICTIM_LOGINS = 40;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)] ?? 0;
const p95 = (values: number[]) => sorted(values)[Math.ceil(values.length * 0.95) - 1] ?? 0;
const format = (ms: number) => `${ms.toFixed(1)} ms`;

let nextAddress = 0;
const freshAddress = () => `10.2.${Math.floor(nextAddress / 250) % 250}.${(nextAddress++ % 250) + 1}`;

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
  const { memory, passes, parallelism } = ARGON2_PARAMS;
  console.log(`argon2id (m=${memory} KiB, t=${passes}, p=${parallelism}): hash ${format(median(hashes))}, verify ${format(median(verifies))} (median of 8)`);
  const scrypts: number[] = [];
  for (let index = 0; index < 4; index += 1) {
    const started = performance.now();
    await new Promise((resolve) => scrypt('bench', 'salt', 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, resolve));
    scrypts.push(performance.now() - started);
  }
  console.log(`  the scrypt it replaces (N=2^15, r=8, p=1): ${format(median(scrypts))} (median of 4)`);
};

const { origin, stop } = await startReferenceServer({ DEMO_MODE: 'true', TRUSTED_PROXIES: 'loopback' });

const post = async (path: string, body: unknown, address = freshAddress()) => {
  const started = performance.now();
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { Origin: origin, 'X-Requested-With': 'bench', 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { ms: performance.now() - started, status: response.status, answer: text };
};

const timeLogins = async () => {
  const unknown: number[] = [];
  const wrong: number[] = [];
  const answers = new Set<string>();
  // Interleaved, and fewer than 5 failures per account, so no captcha cuts a check short.
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const account of DEMO_ACCOUNTS) {
      const miss = await post('/ms_accounts/auth/login', { username: `nobody-${round}-${account.username}@example.com`, password: 'certainly-not-the-password' });
      const bad = await post('/ms_accounts/auth/login', { username: account.username, password: 'certainly-not-the-password' });
      unknown.push(miss.ms);
      wrong.push(bad.ms);
      answers.add(`${miss.status} ${miss.answer}`).add(`${bad.status} ${bad.answer}`);
    }
  }
  const [u, w] = [median(unknown), median(wrong)];
  console.log(`login, unknown user:   ${format(u)} median of ${unknown.length}`);
  console.log(`login, wrong password: ${format(w)} median of ${wrong.length}`);
  console.log(`  difference: ${((Math.abs(u - w) / w) * 100).toFixed(1)} % (target within 10 %); distinct answers: ${answers.size}`);
};

const timeResets = async () => {
  const known: number[] = [];
  const unknown: number[] = [];
  const answers = new Set<string>();
  for (let round = 0; round < RESETS; round += 1) {
    const account = DEMO_ACCOUNTS[round % 3]!;
    // Alternating which goes first, so neither always follows the other's mail being written.
    const ask = (email: string) => post('/ms_accounts/auth/reset-token', { email });
    const [hit, miss] =
      round % 2 === 0
        ? [await ask(account.email as string), await ask(`nobody-${round}@example.com`)]
        : await ask(`nobody-${round}@example.com`).then(async (first) => [await ask(account.email as string), first] as const);
    known.push(hit.ms);
    unknown.push(miss.ms);
    answers.add(`${hit.status} ${hit.answer}`).add(`${miss.status} ${miss.answer}`);
  }
  const [k, u] = [median(known), median(unknown)];
  console.log(`reset request, known email:   ${format(k)} median of ${known.length}`);
  console.log(`reset request, unknown email: ${format(u)} median of ${unknown.length}`);
  console.log(`  difference: ${((Math.abs(k - u) / u) * 100).toFixed(1)} % (target within 10 %); distinct answers: ${answers.size}`);
};

const checked = (answers: { answer: string }[]) => answers.filter(({ answer }) => answer.includes('Username and password do not match')).length;

const bruteForce = async () => {
  const oneAccount = await Promise.all(
    Array.from({ length: 20 }, (_, index) => post('/ms_accounts/auth/login', { username: DEMO_APPLICANT.username, password: `wrong-${index}-password` }, '10.9.0.1')),
  );
  console.log(`20 simultaneous wrong passwords for one account: ${checked(oneAccount)} checked (target at most 5), ${oneAccount.filter(({ answer }) => answer.includes('recaptcha')).length} asked for the captcha`);
  const oneAddress = await Promise.all(
    Array.from({ length: 110 }, (_, index) => post('/ms_accounts/auth/login', { username: `guess-${index}@example.com`, password: 'wrong password' }, '10.9.0.2')),
  );
  console.log(`110 parallel tries from one address: ${checked(oneAddress)} checked (target at most the address limit, 30), ${oneAddress.filter(({ status }) => status === 429).length} refused with 429`);
};

const victimLogins = async (address: string) => {
  const times: number[] = [];
  const parent = DEMO_ACCOUNTS[0];
  for (let login = 0; login < VICTIM_LOGINS; login += 1) {
    const { ms, status } = await post('/ms_accounts/auth/login', { username: parent.email, password: parent.password }, address);
    if (status !== 200) throw new Error(`the victim's login answered ${status}`);
    times.push(ms);
  }
  return times;
};

const oneAddressCannotSlowEverybody = async () => {
  const quiet = await victimLogins('10.9.1.1');
  let attacking = true;
  const attack = new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${origin}/ms_accounts/auth/login`,
        method: 'POST',
        connections: 20,
        duration: 600,
        headers: { Origin: origin, 'X-Requested-With': 'bench', 'Content-Type': 'application/json', 'X-Forwarded-For': '10.9.2.2' },
        body: JSON.stringify({ username: 'demo-tutor', password: 'wrong password' }),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    const stop = setInterval(() => {
      if (attacking) return;
      clearInterval(stop);
      instance.stop();
    }, 50);
  });
  // The attack's first tries are checked or asked for the captcha, then the address is refused (each 429 held a second): measure the victim after that.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const attacked = await victimLogins('10.9.1.2');
  attacking = false;
  const result = await attack;
  const [before, during] = [p95(quiet), p95(attacked)];
  console.log(`another visitor's login, p95 of ${VICTIM_LOGINS}: ${format(before)} unattacked, ${format(during)} while one address hammers the login`);
  console.log(`  ratio ${(during / before).toFixed(2)} (target within 2); the attack sent ${result.requests.total} requests, ${result.requests.average.toFixed(0)}/s`);
};

try {
  await timeHashing();
  await timeLogins();
  await timeResets();
  await bruteForce();
  await oneAddressCannotSlowEverybody();
} finally {
  stop();
}
