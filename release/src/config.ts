/**
 * release.config.json names each environment's deploy target and server. The embedded default is a
 * folder; an S3-compatible bucket (AWS S3, R2, MinIO, a static host's S3 API) is a configuration away.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import ms from 'ms';
import { ReleaseError } from './registry.ts';
import { parseStages, ROLLOUT_DEFAULTS, type RolloutDefaults } from './rollout.ts';
import { folderTarget } from './targets/folder.ts';
import type { S3Options } from './targets/s3.ts';
import type { DeployTarget } from './targets/target.ts';

type TargetConfig = { type: 'folder'; path: string } | ({ type: 's3' } & S3Options);
export type Environment = {
  target: TargetConfig;
  server?: string;
  /** Distinct visitors' load failures at which a version is no longer a last known good. */
  failureThreshold?: number;
  /** How long a version that served visitors stays before `prune` may delete it, e.g. "24h". */
  skewWindow?: string;
  /** What `--rollout` takes when not told (rollout.ts); each setting overrides the file's own. */
  rollout?: Partial<RolloutDefaults>;
};
export type ReleaseConfig = { defaultEnvironment: string; environments: Record<string, Environment>; rollout?: Partial<RolloutDefaults> };

/** A rollout's stages, step and minimums: the environment's, else the file's, else ROLLOUT_DEFAULTS. */
export const rolloutDefaults = (config: ReleaseConfig, environment: Environment | undefined): RolloutDefaults => ({
  ...ROLLOUT_DEFAULTS,
  ...config.rollout,
  ...environment?.rollout,
});

const checkRollout = (rollout: Partial<RolloutDefaults> | undefined, where: string) => {
  if (rollout === undefined) return;
  const { stages, step, minLoads, minFailures } = rollout;
  if (stages !== undefined && !(Array.isArray(stages) && parseStages(stages.join(',')))) throw new ReleaseError(`${where}: rollout.stages must be a list such as [5, 25, 50, 100]`);
  if (step !== undefined) parseDuration(step, `${where}: rollout.step`);
  for (const [name, value] of Object.entries({ minLoads, minFailures })) {
    if (value !== undefined && !(Number.isInteger(value) && value >= 1)) throw new ReleaseError(`${where}: rollout.${name} must be a whole number from 1`);
  }
};

export const parseConfig = (text: string): ReleaseConfig => {
  const config = JSON.parse(text) as ReleaseConfig;
  if (typeof config?.defaultEnvironment !== 'string' || typeof config.environments !== 'object' || config.environments === null) {
    throw new ReleaseError('release.config.json needs "defaultEnvironment" and "environments"');
  }
  for (const [name, environment] of Object.entries(config.environments)) {
    const type = environment?.target?.type;
    if (type !== 'folder' && type !== 's3') throw new ReleaseError(`environment "${name}": target.type must be "folder" or "s3"`);
    const { failureThreshold, skewWindow } = environment;
    if (failureThreshold !== undefined && !(Number.isInteger(failureThreshold) && failureThreshold >= 1)) {
      throw new ReleaseError(`environment "${name}": failureThreshold must be a whole number from 1`);
    }
    if (skewWindow !== undefined) parseDuration(skewWindow, `environment "${name}": skewWindow`);
    checkRollout(environment.rollout, `environment "${name}"`);
  }
  checkRollout(config.rollout, 'release.config.json');
  return config;
};

/** "24h", "90m", "2d" as milliseconds; anything else is refused, naming where it came from. */
export const parseDuration = (text: string, where: string): number => {
  const value = typeof text === 'string' && /^\d+\s*[a-z]+$/i.test(text.trim()) ? ms(text.trim() as ms.StringValue) : undefined;
  if (value === undefined || !Number.isFinite(value) || value <= 0) throw new ReleaseError(`${where} takes a duration such as 24h, 90m or 2d, not "${text}"`);
  return value;
};

/** The repository's release.config.json, or the file RELEASE_CONFIG names (a bench's or a CI job's own environments). */
export const loadConfig = (root: string, path?: string): ReleaseConfig =>
  parseConfig(readFileSync(path ? (isAbsolute(path) ? path : join(root, path)) : join(root, 'release.config.json'), 'utf8'));

export const environmentOf = (config: ReleaseConfig, name: string | undefined): Environment => {
  const chosen = name ?? config.defaultEnvironment;
  const environment = config.environments[chosen];
  if (!environment) {
    throw new ReleaseError(`no environment "${chosen}" in release.config.json (there are: ${Object.keys(config.environments).join(', ')})`);
  }
  return environment;
};

/** A bucket's client is loaded only for a bucket: its XML parser and signing are a third of a folder command's start. */
export const createTarget = async (target: TargetConfig, root: string, env: NodeJS.ProcessEnv): Promise<DeployTarget> => {
  if (target.type === 'folder') return folderTarget(isAbsolute(target.path) ? target.path : join(root, target.path));
  const accessKeyId = env.S3_ACCESS_KEY_ID ?? env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new ReleaseError('an s3 target needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or the AWS_ names) in the environment');
  }
  const { s3Target } = await import('./targets/s3.ts');
  return s3Target(target, { accessKeyId, secretAccessKey });
};
