/**
 * Preview links (issue 25): a signed, expiring token that pins one browser to one published version of
 * a remote. `npm run preview` signs it with the server's LINK_SECRET; the server checks it on every page
 * (server/src/preview). The token is `<remote>@<version>@<expires, unix seconds>.<signature>`, the
 * signature an HMAC-SHA256 of "preview", the remote, the version and the expiry, so no other link the
 * secret signs (unsubscribe) can stand for one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isRemote, VERSION_PATTERN, type Remote } from './registry.ts';

export type Preview = { remote: Remote; version: string; expires: number };

const signature = (secret: string, { remote, version, expires }: Preview) =>
  createHmac('sha256', secret).update(`preview\n${remote}\n${version}\n${expires}`).digest('base64url');

export const signPreview = (secret: string, preview: Preview): string =>
  `${preview.remote}@${preview.version}@${preview.expires}.${signature(secret, preview)}`;

const TOKEN = /^([a-z]+)@([\w.+-]{1,64})@(\d{1,12})\.([\w-]{43})$/;

/** The preview a token stands for, when it is well formed, signed with `secret` and not expired; otherwise null. */
export const readPreview = (secret: string, token: string, nowSeconds: number): Preview | null => {
  const [, remote, version, expires, given] = TOKEN.exec(token) ?? [];
  if (!remote || !isRemote(remote) || !version || !VERSION_PATTERN.test(version) || !given) return null;
  const preview = { remote, version, expires: Number(expires) };
  const expected = Buffer.from(signature(secret, preview));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return preview.expires > nowSeconds ? preview : null;
};
