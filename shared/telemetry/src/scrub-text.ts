import { FILTERED, isSensitiveKey } from './sensitive-keys.ts';

// Key/value forms in free text. The value is always the last group, so a match is rewritten by
// replacing its tail: the key and its punctuation stay and the text still reads ("password=[Filtered]").

/** `"password": "x"`, `'token':'x'`, and the escaped `\"password\":\"x\"` of JSON inside a JSON string. */
const QUOTED_KEY_QUOTED_VALUE = /(\\?["'])([\w.-]+)\1(\s*:\s*)((\\?["'])(?:\\.|[^\\])*?\5)/g;

/** `"access_code": 123456`: JSON numbers, booleans and other unquoted values. */
const QUOTED_KEY_BARE_VALUE = /(\\?["'])([\w.-]+)\1(\s*:\s*)([^\s"',}\]\\]+)/g;

/** Query strings, form bodies and cookies: `token=x&a=b`, `sid=x; theme=dark`, `password="x y"`. */
const KEY_EQUALS_VALUE = /([\w.[\]-]+)(\s*=\s*)("[^"]*"|'[^']*'|[^\s&;,"'<>]+)/g;

/**
 * Headers and log lines: `Authorization: Bearer x`, `password: x, user: y`, up to the end of the entry
 * (or of the JSON string it sits in, whose closing quote must survive).
 */
const KEY_COLON_VALUE = /\b([\w-]+)(\s*:[ \t]*)([^\s,}"][^\r\n,}"]*)/g;

/** A bearer token even where no key names it. */
const BEARER = /\b(Bearer\s+)[\w.~+/=-]+/gi;

/** A JSON Web Token anywhere: its header always starts with the base64 of `{"`. */
const JWT = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g;

const SEGMENT = String.raw`[^/?#\s"'<>]+`;

/**
 * Credentials that are path segments rather than named values, in this site's routes and APIs:
 * `/magic/:access_code`, `/report/:access_code?`, `/assessments/:exam_slug/:access_code?`,
 * `/auth/reset-token/{token}`, `/tutor-invite/{token}`, `/tutor-invites/{tutorInviteToken}/...`,
 * `/supervisors/public/access_code/{accessCode}`.
 */
const SECRET_AFTER_SEGMENT = new RegExp(
  String.raw`(/(?:magic|report|reset-token|tutor-invites?|access_code|assessments/${SEGMENT})/)${SEGMENT}`,
  'g',
);

/** `/reset/:token/staff` and `/reset/:token/:magic_access_code?`: both segments are secret, `staff` is not. */
const RESET_PATH = new RegExp(String.raw`(/reset/)${SEGMENT}(/(?!staff(?:[/?#\s"'<>]|$))${SEGMENT})?`, 'g');

const QUOTED = /^(\\?["'])[\s\S]*\1$/;

const filterTail = (match: string, key: string, value: string): string => {
  if (!isSensitiveKey(key)) return match;
  const quote = QUOTED.exec(value)?.[1] ?? '';
  return match.slice(0, match.length - value.length) + quote + FILTERED + quote;
};

/** A harmless key's string value may itself be JSON (a request body), so it is searched in turn. */
const scrubQuotedPairs = (text: string): string =>
  text.replace(QUOTED_KEY_QUOTED_VALUE, (match, _open, key: string, _colon, value: string, quote: string) => {
    if (isSensitiveKey(key)) return filterTail(match, key, value);
    const inner = value.slice(quote.length, value.length - quote.length);
    return match.slice(0, match.length - value.length) + quote + scrubQuotedPairs(inner) + quote;
  });

/** Replaces every credential in `text` with [Filtered], keeping the rest readable. */
export const scrubText = (text: string): string =>
  scrubQuotedPairs(text)
    .replace(QUOTED_KEY_BARE_VALUE, (match, _open, key: string, _colon, value: string) =>
      filterTail(match, key, value),
    )
    .replace(KEY_EQUALS_VALUE, (match, key: string, _equals, value: string) => filterTail(match, key, value))
    .replace(KEY_COLON_VALUE, (match, key: string, _colon, value: string) => filterTail(match, key, value))
    .replace(BEARER, `$1${FILTERED}`)
    .replace(JWT, FILTERED)
    .replace(SECRET_AFTER_SEGMENT, `$1${FILTERED}`)
    .replace(RESET_PATH, (_match, prefix: string, second?: string) =>
      `${prefix}${FILTERED}${second === undefined ? '' : `/${FILTERED}`}`,
    );
