/**
 * npm run release|rollback|promote|releases|prune -- <remote> ...: moves one remote's pointers in an
 * environment's remotes.json, or deletes its old versions. No build runs here: release takes an already
 * built remote. run.js runs it as a program.
 */
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { promote, release, releases, rollback, type Context } from './commands.ts';
import { createTarget, environmentOf, loadConfig, parseDuration, rolloutDefaults } from './config.ts';
import { previewLink } from './preview.ts';
import { DEFAULT_KEEP, DEFAULT_SKEW_WINDOW_MS, prune } from './prune.ts';
import { isRemote, parsePercentage, ReleaseError, REMOTES } from './registry.ts';
import { planRollout, parseStages, ROLLOUT_DEFAULTS } from './rollout.ts';
import { controlRollout } from './rollout-commands.ts';
import { DEFAULT_FAILURE_THRESHOLD, fetchFailures, fetchRolloutFigures } from './server-reports.ts';
import { folderTarget } from './targets/folder.ts';

const USAGE = `usage:
  npm run release  -- <remote> [--canary N% | --rollout 5,25,50,100 [--step 10m]] [--version V] [--from DIR]
                              [--cancel-canary] [--replace-canary]
  npm run release  -- <remote> --pause | --resume | --abort
  npm run rollback -- <remote> [version] [--cancel-canary]
  npm run promote  -- <remote>
  npm run releases -- <remote>
  npm run preview  -- <remote> <version> [--expires 24h]
  npm run prune    -- <remote> [--keep N] [--skew-window 24h] [--dry-run]
options: --env NAME (release.config.json), --target DIR (a deploy folder instead), --server URL,
         --by NAME, --why TEXT
remotes: ${REMOTES.join(', ')}`;

const COMMANDS = ['release', 'rollback', 'promote', 'releases', 'prune', 'preview'] as const;
type Command = (typeof COMMANDS)[number];

class UsageError extends Error {}

/** Options that belong to one or some commands only. */
const OWNERS: Record<string, readonly Command[]> = {
  canary: ['release'],
  rollout: ['release'],
  step: ['release'],
  pause: ['release'],
  resume: ['release'],
  abort: ['release'],
  version: ['release'],
  from: ['release'],
  'replace-canary': ['release'],
  'cancel-canary': ['release', 'rollback'],
  keep: ['prune'],
  expires: ['preview'],
  'skew-window': ['prune'],
  'dry-run': ['prune'],
};

/** `--rollout` with no stages after it takes the configured ones. */
const DEFAULT_STAGES = 'default';
const withDefaultStages = (argv: string[]) =>
  argv.flatMap((arg, index) => (arg === '--rollout' && (argv[index + 1] === undefined || argv[index + 1]?.startsWith('--')) ? [arg, DEFAULT_STAGES] : [arg]));

const parse = (argv: string[]) => {
  const { values, positionals } = parseArgs({
    args: withDefaultStages(argv),
    allowPositionals: true,
    options: {
      canary: { type: 'string' },
      rollout: { type: 'string' },
      step: { type: 'string' },
      pause: { type: 'boolean' },
      resume: { type: 'boolean' },
      abort: { type: 'boolean' },
      version: { type: 'string' },
      from: { type: 'string' },
      'cancel-canary': { type: 'boolean' },
      'replace-canary': { type: 'boolean' },
      keep: { type: 'string' },
      expires: { type: 'string' },
      'skew-window': { type: 'string' },
      'dry-run': { type: 'boolean' },
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
  if (rest.length > 0 || (version && command !== 'rollback' && command !== 'preview')) throw new UsageError(`unexpected "${[version, ...rest].filter(Boolean).join(' ')}"`);
  for (const [option, owners] of Object.entries(OWNERS)) {
    if (values[option as keyof typeof values] !== undefined && !owners.includes(command as Command)) {
      throw new UsageError(`--${option} goes with ${owners.join(' or ')}`);
    }
  }
  const controls = (['pause', 'resume', 'abort'] as const).filter((control) => values[control]);
  if (controls.length > 1) throw new UsageError(`--${controls.join(' and --')} do not go together`);
  if (values.rollout !== undefined && values.canary !== undefined) throw new UsageError('--rollout and --canary do not go together: a rollout starts its own canary');
  if (values.step !== undefined && values.rollout === undefined) throw new UsageError('--step goes with --rollout');
  if (controls.length > 0 && Object.keys(values).some((option) => OWNERS[option] && !controls.includes(option as (typeof controls)[number]))) {
    throw new UsageError(`--${controls[0]} takes no other release option`);
  }
  return { command: command as Command, remote, version: version ?? null, values, control: controls[0] ?? null };
};

const parseKeep = (text: string | undefined): number => {
  if (text === undefined) return DEFAULT_KEEP;
  if (!/^\d{1,3}$/.test(text)) throw new ReleaseError(`--keep takes a whole number of versions, not "${text}"`);
  return Number(text);
};

export const main = async (argv: string[], root: string, env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<number> => {
  const started = performance.now();
  try {
    const { command, remote, version, values, control } = parse(argv);
    const config = values.target && values.rollout === undefined ? undefined : loadConfig(root, env.RELEASE_CONFIG);
    const environment = values.target ? undefined : environmentOf(config!, values.env ?? env.RELEASE_ENV);
    const target = values.target ? folderTarget(values.target) : await createTarget(environment!.target, root, env);
    const serverUrl = values.server ?? env.RELEASE_SERVER_URL ?? environment?.server;
    const context: Context = {
      target,
      by: values.by ?? env.RELEASE_BY ?? userInfo().username,
      now: () => new Date(),
      failures: (name) => (serverUrl ? fetchFailures(serverUrl, name, print) : Promise.resolve(null)),
      rolloutFigures: (name) => (serverUrl ? fetchRolloutFigures(serverUrl, name, print) : Promise.resolve(null)),
      failureThreshold: environment?.failureThreshold ?? DEFAULT_FAILURE_THRESHOLD,
      print,
    };
    const why = values.why ?? null;
    const cancelCanary = values['cancel-canary'] ?? false;
    if (control) {
      await controlRollout(context, { remote, control, why });
    } else if (command === 'release') {
      const defaults = values.rollout === undefined ? ROLLOUT_DEFAULTS : rolloutDefaults(config!, environment);
      await release(context, {
        remote,
        sourceDir: values.from ?? join(root, 'remotes', remote, 'dist'),
        version: values.version ?? null,
        canary: values.canary === undefined ? null : parsePercentage(values.canary),
        rollout:
          values.rollout === undefined
            ? null
            : planRollout(
                values.rollout === DEFAULT_STAGES ? defaults.stages : parseStages(values.rollout),
                parseDuration(values.step ?? defaults.step, '--step'),
                defaults,
                context.now().toISOString(),
              ),
        why,
        cancelCanary,
        replaceCanary: values['replace-canary'] ?? false,
      });
    } else if (command === 'rollback') {
      await rollback(context, { remote, version, why, cancelCanary });
    } else if (command === 'promote') {
      await promote(context, { remote, why });
    } else if (command === 'preview') {
      await previewLink(context, {
        remote,
        version,
        expiresMs: parseDuration(values.expires ?? '24h', '--expires'),
        secret: env.LINK_SECRET,
        origin: serverUrl,
      });
    } else if (command === 'prune') {
      const window = values['skew-window'] ?? environment?.skewWindow;
      await prune(context, {
        remote,
        keep: parseKeep(values.keep),
        skewWindowMs: window === undefined ? DEFAULT_SKEW_WINDOW_MS : parseDuration(window, '--skew-window'),
        dryRun: values['dry-run'] ?? false,
      });
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
    // One line a release manager can act on, never a stack trace: refusals, and failures of the disk,
    // the bucket or the network alike. Nothing was half done (see the targets).
    print(error instanceof ReleaseError ? error.message : `failed: ${(error as Error).message}`);
    return 1;
  }
};
