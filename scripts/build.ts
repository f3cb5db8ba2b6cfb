/**
 * `npm run build`: one release id for the whole build (the shell sends it with every call and
 * compares it with the server's latest), every workspace built with it, then the site assembled.
 */
import { execFileSync } from 'node:child_process';

const gitSha = () => {
  try {
    return execFileSync('git', ['rev-parse', '--short=8', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'nogit';
  }
};

const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const releaseId = process.env.PUBLIC_RELEASE_ID || `${stamp}-${gitSha()}`;
const env = { ...process.env, PUBLIC_RELEASE_ID: releaseId };

execFileSync('npm', ['run', 'build', '--workspaces', '--if-present'], { stdio: 'inherit', env });
execFileSync(process.execPath, ['scripts/assemble.ts'], { stdio: 'inherit', env });
