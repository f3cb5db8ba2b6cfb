/**
 * `npm run dev`: the shell, every remote and the reference server, each with hot reload, in one
 * terminal. Output lines are prefixed with the app's name; Ctrl-C stops them all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { DEV_PORTS } from './dev-ports.ts';

const apps: { name: string; args: string[]; env?: Record<string, string> }[] = [
  { name: 'server', args: ['run', 'dev', '-w', 'server'], env: { PORT: String(DEV_PORTS.server) } },
  ...(['login', 'registration', 'taster', 'assessments'] as const).map((name) => ({
    name,
    args: ['run', 'dev', '-w', `remotes/${name}`],
  })),
  { name: 'shell', args: ['run', 'dev', '-w', 'shell'] },
];

const children: ChildProcess[] = apps.map(({ name, args, env }) => {
  // Each app in its own process group, so stopping it also stops the dev server npm started.
  const child = spawn('npm', args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const prefix = `${name.padEnd(12)}| `;
  const relay = (chunk: Buffer) =>
    process.stdout.write(chunk.toString().replace(/^(?=.)/gm, prefix));
  child.stdout?.on('data', relay);
  child.stderr?.on('data', relay);
  child.on('exit', (code) => {
    if (code) console.log(`${prefix}exited with ${code}`);
  });
  return child;
});

const stop = () => {
  for (const child of children) {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  }
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
console.log(`Shell: http://localhost:${DEV_PORTS.shell}/public`);
