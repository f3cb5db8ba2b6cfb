/**
 * npm run release|rollback|promote|releases -- <remote> ...: moves one remote's pointers in an
 * environment's remotes.json. No build runs here: release takes an already built remote.
 */
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { promote, release, releases, rollback, type Context } from './commands.ts';
import { createTarget, environmentOf, loadConfig } from './config.ts';
import { isRemote, parsePercentage, ReleaseError, REMOTES } from './registry.ts';
import { fetchFallbacks } from './server-reports.ts';
import { folderTarget } from './targets/folder.ts';

const USAGE = `usage:
  npm run release  -- <remote> [--canary N%] [--version V] [--from DIR]
  npm run rollback -- <remote> [version]
  npm run promote  -- <remote>
  npm run releases -- <remote>
options: --env NAME (release.config.json), --target DIR (a deploy folder instead), --server URL,
         --by NAME, --why TEXT
remotes: ${REMOTES.join(', ')}`;

const COMMANDS = ['release', 'rollback', 'promote', 'releases'] as const;
type Command = (typeof COMMANDS)[number];

class UsageError extends Error {}

const parse = (argv: string[]) => {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      canary: { type: 'string' },
      version: { type: 'string' },
      from: { type: 'string' },
      env: { type: 'string' },
      target: { type: 'string' },
      server: { type: 'string' },
      by: { type: 'string' },
      why: { type: 'string' },
    },
  });
  const [command, remote, version, ...rest] = positionals;
  if (!COMMANDS.includes(command as Command)) throw new UsageError(`unknown command "${command ?? ''}"`);
  if (!remote || !isRemote(remote)) throw new UsageError(remote ? `unknown remote "${remote}"` : 'which remote?');
  if (rest.length > 0 || (version && command !== 'rollback')) throw new UsageError(`unexpected "${[version, ...rest].filter(Boolean).join(' ')}"`);
  if (values.canary !== undefined && command !== 'release') throw new UsageError('--canary goes with release');
  return { command: command as Command, remote, version: version ?? null, values };
};

export const main = async (argv: string[], root: string, env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<number> => {
  const started = performance.now();
  try {
    const { command, remote, version, values } = parse(argv);
    const environment = values.target ? undefined : environmentOf(loadConfig(root), values.env ?? env.RELEASE_ENV);
    const target = values.target ? folderTarget(values.target) : createTarget(environment!.target, root, env);
    const serverUrl = values.server ?? env.RELEASE_SERVER_URL ?? environment?.server;
    const context: Context = {
      target,
      by: values.by ?? env.RELEASE_BY ?? userInfo().username,
      now: () => new Date(),
      fallbacks: (name) => (serverUrl ? fetchFallbacks(serverUrl, name, print) : Promise.resolve(null)),
      print,
    };
    const why = values.why ?? null;
    if (command === 'release') {
      await release(context, {
        remote,
        sourceDir: values.from ?? join(root, 'remotes', remote, 'dist'),
        version: values.version ?? null,
        canary: values.canary === undefined ? null : parsePercentage(values.canary),
        why,
      });
    } else if (command === 'rollback') {
      await rollback(context, { remote, version, why });
    } else if (command === 'promote') {
      await promote(context, { remote, why });
    } else {
      await releases(context, { remote });
    }
    print(`done in ${Math.round(performance.now() - started)} ms`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS_')) {
      print(`${(error as Error).message}\n${USAGE}`);
      return 2;
    }
    if (error instanceof ReleaseError) {
      print(error.message);
      return 1;
    }
    throw error;
  }
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
  process.exitCode = await main(process.argv.slice(2), root, process.env, (line) => console.log(line));
}
