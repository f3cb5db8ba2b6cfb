/**
 * Where an error's details hide: the API layer wraps a failed call with the server's own error under
 * `error` or `data`, `Error` chains use `cause`, and Sentry keeps a captured plain object under
 * `extra.__serialized__`.
 */
const WRAPPER_KEYS = ['error', 'cause', 'data', 'body', 'originalError', '__serialized__'] as const;

/** Enough for an API error wrapping a server error wrapping a cause; more is a cycle or noise. */
const MAX_DEPTH = 4;

type Wrapper = Partial<Record<string, unknown>>;

const isObject = (value: unknown): value is Wrapper => typeof value === 'object' && value !== null;

/** `value` and every object wrapped inside it, outermost first. */
export const unwrapErrors = (value: unknown): Wrapper[] => {
  const found: Wrapper[] = [];
  let level: unknown[] = [value];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth += 1) {
    const objects = level.filter(isObject).filter((object) => !found.includes(object));
    found.push(...objects);
    level = objects.flatMap((object) => WRAPPER_KEYS.map((key) => object[key]));
  }
  return found;
};

/** The `message` of `value` and of every error it wraps. */
export const messagesOf = (value: unknown): string[] => [
  ...(typeof value === 'string' ? [value] : []),
  ...unwrapErrors(value).flatMap(({ message }) => (typeof message === 'string' ? [message] : [])),
];
