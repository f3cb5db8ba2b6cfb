/**
 * Canary bucketing. A remote's canary serves the visitors whose bucket (0-99, from the visitor's id and
 * the remote's name) is below its percentage. The same visitor lands in the same bucket on every visit,
 * and remotes bucket independently of each other. The shell picks versions by it in the browser and on
 * the server, and the reference server picks the worker that composes the page by it (ADR 016).
 */

/** FNV-1a: a small, even spread of short strings over 32 bits. */
const hash = (text: string): number => {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
};

export const bucketOf = (visitorId: string, remote: string): number => hash(`${visitorId}:${remote}`) % 100;

export const isCanaryVisitor = (visitorId: string, remote: string, percentage: number): boolean =>
  bucketOf(visitorId, remote) < percentage;
