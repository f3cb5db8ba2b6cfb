/**
 * Canary bucketing. Each visitor gets a random id kept in local storage; a remote's canary serves the
 * visitors whose bucket (0-99, from the id and the remote's name) is below its percentage. The same
 * visitor lands in the same bucket on every visit, and remotes bucket independently of each other.
 */
const VISITOR_KEY = 'entry.visitor-id';

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

/** The visitor's id; a fresh one each page when storage is unavailable (private modes, blocked storage). */
export const visitorIdFrom = (storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, create: () => string): string => {
  try {
    const stored = storage?.getItem(VISITOR_KEY);
    if (stored) return stored;
    const id = create();
    storage?.setItem(VISITOR_KEY, id);
    return id;
  } catch {
    return create();
  }
};
