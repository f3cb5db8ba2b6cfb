/**
 * How long one attempt at a manifest or remote entry may take. The runtime's own default is 20 s
 * an attempt, which with the retries above kept a visitor waiting over 80 s for a hung server.
 */
export const MODULE_LOAD_TIMEOUT_MS = 5000;

/** Adds a timestamp so a retry is not answered from a cache that holds the failed response. */
export const withCacheBust = (url: string, now: number = Date.now()): string => {
  const busted = new URL(url, globalThis.location?.href);
  busted.searchParams.set('t', String(now));
  return busted.href;
};
