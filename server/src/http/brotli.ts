import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

const compressAsync = promisify(brotliCompress);

/**
 * Quality 5 for what is made per request: a composed page (20-27 KiB) in about 0.4 ms, in the thread
 * pool rather than on the event loop, 7 % fewer bytes than gzip (login: 5,085 B against 5,495 B);
 * quality 11 would save 9 % more at 60-90 ms a page.
 */
const QUALITY = 5;
/** While the server is overloaded (ADR 026): several times less CPU for some 20 % more bytes. */
const QUALITY_WHEN_OVERLOADED = 1;
/** Below this, compressing saves less than a packet. */
const THRESHOLD = 1024;

/**
 * The smallest window that holds the whole body (16 bits for a 20-27 KiB page): Brotli's default of 22
 * sets up tables for 4 MiB on every call. The same bytes come out; a composed login page took 0.41 ms
 * of CPU instead of 0.68, 0.10 ms of it on the event loop instead of 0.31 (issue 26, point 5).
 */
const windowBitsFor = (length: number) =>
  Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(length + 1))));

/**
 * Puts an answer made from `c.res` (its headers included) in its place. Hono's setter would copy
 * every header of the old answer onto a copy of the new one; emptied first, it takes it as it is.
 */
const replaceAnswer = (c: Context, answer: Response) => {
  c.res = undefined;
  c.res = answer;
};

const acceptsBrotli = (header: string | undefined): boolean => {
  if (!header) return false;
  const accepts = parseAccept(header);
  const q = accepts.find(({ type }) => type.toLowerCase() === 'br')?.q ?? accepts.find(({ type }) => type === '*')?.q ?? 0;
  return q > 0;
};

/**
 * Answers made per request (composed pages, the page the browser renders alone) in Brotli for a
 * visitor who accepts it (issue 23); Hono's compress, which knows gzip and deflate only, goes before
 * this one and gzips for the others. Files with a Brotli copy of the build's are sent as they are.
 */
export const brotli = (overloaded: () => boolean = () => false): MiddlewareHandler => async (c, next) => {
  await next();
  const response = c.res;
  const type = response.headers.get('Content-Type');
  if (c.req.method === 'HEAD' || response.status === 206 || !response.body || response.headers.has('Content-Encoding') || !type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(response.headers.get('Cache-Control') ?? '')) return;
  const vary = response.headers.get('Vary');
  if (!vary?.split(/\s*,\s*/).some((name) => name.toLowerCase() === 'accept-encoding' || name === '*')) {
    response.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
  if (!acceptsBrotli(c.req.header('Accept-Encoding'))) return;
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length < THRESHOLD) {
    replaceAnswer(c, new Response(body, response));
    return;
  }
  const compressed = await compressAsync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: overloaded() ? QUALITY_WHEN_OVERLOADED : QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: windowBitsFor(body.length),
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  replaceAnswer(c, new Response(compressed, response));
  c.res.headers.set('Content-Encoding', 'br');
  c.res.headers.set('Content-Length', String(compressed.length));
  const etag = c.res.headers.get('ETag');
  if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
};
