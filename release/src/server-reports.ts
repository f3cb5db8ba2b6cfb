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

/**
 * Asks the server (GET /app-metadata/remote-load-failures) for one remote's failures. A server that
 * cannot be asked is said, not fatal.
 */
export const fetchFailures = async (
  serverUrl: string,
  remote: string,
  print: (line: string) => void,
  timeoutMs = 2000,
): Promise<FailureReport[] | null> => {
  const url = new URL('/app-metadata/remote-load-failures', serverUrl);
  url.searchParams.set('remote', remote);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`it answered ${response.status}`);
    const { failures } = (await response.json()) as { failures?: unknown };
    if (!Array.isArray(failures) || !failures.every(isReport)) throw new Error('its answer has no list of failures');
    return failures;
  } catch (error) {
    print(`  (load failures not shown: ${url.origin} could not be asked: ${(error as Error).message})`);
    return null;
  }
};
