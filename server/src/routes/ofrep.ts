/**
 * OFREP (OpenFeature Remote Evaluation Protocol) evaluation of the flags in a JSON file, so flags work
 * offline and any OFREP service (flagd, GO Feature Flag) can take over by pointing the client elsewhere.
 *
 * The file maps each flag key to its definition:
 *   { "my-flag": { "description": "...", "default": false,
 *                  "rules": [{ "if": { "base": "teacher" }, "value": true, "variant": "teachers" }] } }
 * A rule matches when every attribute in `if` equals the context's value (an array means any of these);
 * the first matching rule wins, otherwise the default applies. `description` is for people only.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { Hono } from 'hono';

type Options = { flagsPath: string };

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
type FlagValue = Exclude<JsonValue, null | JsonValue[]>;
type Primitive = string | number | boolean;
type Rule = { if: Record<string, Primitive | Primitive[]>; value: FlagValue; variant?: string };
type FlagDefinition = { default: FlagValue; rules: Rule[] };
type Flags = Map<string, FlagDefinition>;
type Context = Record<string, unknown>;

type Evaluation = { key: string; value: FlagValue; reason: 'STATIC' | 'DEFAULT' | 'TARGETING_MATCH'; variant: string };

class BadRequest extends Error {
  readonly errorCode: 'PARSE_ERROR' | 'INVALID_CONTEXT';

  constructor(errorCode: BadRequest['errorCode'], message: string) {
    super(message);
    this.errorCode = errorCode;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isPrimitive = (value: unknown): value is Primitive => ['string', 'number', 'boolean'].includes(typeof value);
const isFlagValue = (value: unknown): value is FlagValue => isPrimitive(value) || isObject(value);
const kindOf = (value: FlagValue) => (isObject(value) ? 'object' : typeof value);

/** Checks the whole file up front: a typo must fail loudly, not evaluate to a silent default. */
const parseFlags = (raw: unknown): Flags => {
  if (!isObject(raw)) throw new Error('the file must hold an object of flag definitions by key');
  const flags: Flags = new Map();
  for (const [key, definition] of Object.entries(raw)) {
    const problem = (what: string) => new Error(`flag "${key}": ${what}`);
    if (!isObject(definition) || !isFlagValue(definition.default)) {
      throw problem('needs a "default" that is a boolean, string, number or object');
    }
    const fallback = definition.default;
    const rules = definition.rules ?? [];
    if (!Array.isArray(rules)) throw problem('"rules" must be an array');
    rules.forEach((rule: unknown, index) => {
      const where = `rule ${index + 1}`;
      if (!isObject(rule) || !isObject(rule.if)) throw problem(`${where} needs an "if" object`);
      const conditions = Object.values(rule.if);
      if (!conditions.every((c) => isPrimitive(c) || (Array.isArray(c) && c.every(isPrimitive)))) {
        throw problem(`${where}: each "if" attribute must be a string, number, boolean or an array of them`);
      }
      // OFREP carries no types, so a rule answering another type would surprise the caller.
      if (!isFlagValue(rule.value) || kindOf(rule.value) !== kindOf(fallback)) {
        throw problem(`${where}: "value" must be of the same type as "default"`);
      }
      if (rule.variant !== undefined && typeof rule.variant !== 'string') throw problem(`${where}: "variant" must be a string`);
    });
    flags.set(key, { default: fallback, rules: rules as Rule[] });
  }
  return flags;
};

/** Reads the file only when it changed, so editing it takes effect without a restart. */
const flagsFile = (path: string) => {
  let cached: { version: string; flags: Flags } | undefined;
  return async (): Promise<Flags> => {
    const { mtimeMs, size } = await stat(path);
    const version = `${mtimeMs}:${size}`;
    if (cached?.version !== version) {
      cached = { version, flags: parseFlags(JSON.parse(await readFile(path, 'utf8'))) };
    }
    return cached.flags;
  };
};

const matches = (rule: Rule, context: Context) =>
  Object.entries(rule.if).every(([attribute, expected]) =>
    Array.isArray(expected) ? expected.includes(context[attribute] as Primitive) : context[attribute] === expected,
  );

const evaluate = (key: string, flag: FlagDefinition, context: Context): Evaluation => {
  const index = flag.rules.findIndex((rule) => matches(rule, context));
  const rule = flag.rules[index];
  if (rule) return { key, value: rule.value, reason: 'TARGETING_MATCH', variant: rule.variant ?? `rule-${index + 1}` };
  return { key, value: flag.default, reason: flag.rules.length ? 'DEFAULT' : 'STATIC', variant: 'default' };
};

/** The request body is `{ context? }`; an empty body means no context. */
const readContext = async (request: Request): Promise<Context> => {
  const text = await request.text();
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BadRequest('PARSE_ERROR', 'The request body is not valid JSON.');
  }
  if (!isObject(body)) throw new BadRequest('INVALID_CONTEXT', 'The request body must be a JSON object: { "context": { ... } }.');
  const { context = {} } = body;
  if (!isObject(context)) throw new BadRequest('INVALID_CONTEXT', '"context" must be a JSON object.');
  if (context.targetingKey !== undefined && typeof context.targetingKey !== 'string') {
    throw new BadRequest('INVALID_CONTEXT', '"context.targetingKey" must be a string.');
  }
  return context;
};

/** Weak comparison, as If-None-Match asks for (RFC 9110 13.1.2). */
const etagMatches = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });

export const ofrepRoutes = ({ flagsPath }: Options) => {
  const routes = new Hono();
  const loadFlags = flagsFile(flagsPath);

  routes.onError((error, c) => {
    if (error instanceof BadRequest) {
      // A single-flag failure names its flag (OFREP evaluationFailure); the bulk one has no key.
      const key = c.req.param('key');
      return c.json({ ...(key && { key }), errorCode: error.errorCode, errorDetails: error.message }, 400);
    }
    console.error(`OFREP: cannot use the flags in ${flagsPath}:`, error);
    return c.json({ errorDetails: 'The flag configuration could not be read.' }, 500);
  });

  routes.post('/v1/evaluate/flags', async (c) => {
    const context = await readContext(c.req.raw);
    const flags = await loadFlags();
    const body = JSON.stringify({ flags: [...flags].map(([key, flag]) => evaluate(key, flag, context)) });
    // The tag covers this context's answer, not just the file, so a 304 is right for whoever asks.
    const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
    c.header('ETag', etag);
    c.header('Cache-Control', 'no-store');
    if (etagMatches(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
    return c.body(body, 200, { 'Content-Type': 'application/json' });
  });

  routes.post('/v1/evaluate/flags/:key', async (c) => {
    const key = c.req.param('key');
    const context = await readContext(c.req.raw);
    const flag = (await loadFlags()).get(key);
    if (!flag) return c.json({ key, errorCode: 'FLAG_NOT_FOUND', errorDetails: `Flag "${key}" was not found.` }, 404);
    c.header('Cache-Control', 'no-store');
    return c.json(evaluate(key, flag, context));
  });

  return routes;
};
