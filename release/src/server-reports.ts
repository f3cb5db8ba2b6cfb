import type { Side, Verdict } from './rollout-rule.ts';

/**
 * What the environment's server saw: a remote version that failed in visitors' browsers, counted in
 * distinct visitors (the server keeps one report per visitor and version), and how many of them were
 * canary visitors.
 */
export type FailureReport = {
  version: string;
  fallbackVersion: string | null;
  visitors: number;
  canaryVisitors: number;
  firstSeen: string;
  lastSeen: string;
};

/** How many distinct visitors' failures rule a version out as last known good, unless configured. */
export const DEFAULT_FAILURE_THRESHOLD = 3;

const isReport = (value: unknown): value is FailureReport => {
  const report = value as FailureReport | null;
  return (
    typeof report?.version === 'string' &&
    (report.fallbackVersion === null || typeof report.fallbackVersion === 'string') &&
    Number.isInteger(report.visitors) &&
    Number.isInteger(report.canaryVisitors) &&
    typeof report.lastSeen === 'string'
  );
};

/** Versions that at least `threshold` distinct visitors failed to load, whatever they fell back to. */
export const unhealthyVersions = (reports: FailureReport[], threshold: number): Set<string> => {
  const visitors = new Map<string, number>();
  for (const { version, visitors: count } of reports) visitors.set(version, (visitors.get(version) ?? 0) + count);
  return new Set([...visitors].filter(([, count]) => count >= threshold).map(([version]) => version));
};

/** Asks the environment's server a question about one remote; one that cannot be asked is said, not fatal. */
const askServer = async <T>(serverUrl: string, path: string, remote: string, read: (body: unknown) => T | null, what: string, print: (line: string) => void, timeoutMs: number) => {
  const url = new URL(path, serverUrl);
  url.searchParams.set('remote', remote);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`it answered ${response.status}`);
    const answer = read(await response.json());
    if (answer === null) throw new Error(`its answer has no ${what}`);
    return answer;
  } catch (error) {
    print(`  (${what} not shown: ${url.origin} could not be asked: ${(error as Error).message})`);
    return null;
  }
};

/** Asks the server (GET /app-metadata/remote-load-failures) for one remote's failures. */
export const fetchFailures = (serverUrl: string, remote: string, print: (line: string) => void, timeoutMs = 2000): Promise<FailureReport[] | null> =>
  askServer(
    serverUrl,
    '/app-metadata/remote-load-failures',
    remote,
    (body) => {
      const { failures } = (body ?? {}) as { failures?: unknown };
      return Array.isArray(failures) && failures.every(isReport) ? failures : null;
    },
    'load failures',
    print,
    timeoutMs,
  );

/** What the server judges a rollout by (GET /app-metadata/rollout): each side's figures and the rule's verdict in words. */
export type RolloutFigures = { version: string; canary: Side; live: Side; verdict: Verdict['verdict']; reason: string };

export const fetchRolloutFigures = (serverUrl: string, remote: string, print: (line: string) => void, timeoutMs = 2000): Promise<RolloutFigures | null> =>
  askServer(
    serverUrl,
    '/app-metadata/rollout',
    remote,
    (body) => {
      const figures = (body as { rollout?: RolloutFigures | null } | null)?.rollout;
      return typeof figures?.reason === 'string' && typeof figures.verdict === 'string' ? figures : null;
    },
    'rollout figures',
    print,
    timeoutMs,
  );
