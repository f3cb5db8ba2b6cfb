/** What the environment's server saw: a remote version that failed to load in visitors' browsers. */
export type FallbackReport = {
  version: string;
  fallbackVersion: string | null;
  count: number;
  firstSeen: string;
  lastSeen: string;
};

const isReport = (value: unknown): value is FallbackReport => {
  const report = value as FallbackReport | null;
  return (
    typeof report?.version === 'string' &&
    (report.fallbackVersion === null || typeof report.fallbackVersion === 'string') &&
    typeof report.count === 'number' &&
    typeof report.lastSeen === 'string'
  );
};

/**
 * Asks the server (GET /app-metadata/remote-load-failures) for one remote's failures. A server that
 * cannot be asked is said, not fatal: the pointer has moved already.
 */
export const fetchFallbacks = async (
  serverUrl: string,
  remote: string,
  print: (line: string) => void,
  timeoutMs = 2000,
): Promise<FallbackReport[] | null> => {
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
