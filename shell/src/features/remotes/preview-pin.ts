import { REMOTE_NAMES, type RemoteName } from '@entry/routes';

/** Set by the server when a preview link is opened (server/src/preview), and removed by it once no longer valid. */
const PREVIEW_COOKIE = 'entry_preview';
const TOKEN = /^([a-z]+)@([\w.+-]{1,64})@(\d{1,12})\./;

/**
 * The version a preview link pinned this browser to, for a page the browser renders alone (a composed
 * page brings the server's choice). The browser cannot check the signature: the server does, on every
 * page, and removes a cookie that fails; an expired one is ignored here too.
 */
export const previewPins = (cookies: string, nowSeconds: number): Partial<Record<RemoteName, string>> => {
  const token = cookies
    .split('; ')
    .find((pair) => pair.startsWith(`${PREVIEW_COOKIE}=`))
    ?.slice(PREVIEW_COOKIE.length + 1);
  const [, remote, version, expires] = TOKEN.exec(decodeURIComponent(token ?? '')) ?? [];
  if (!remote || !version || !(REMOTE_NAMES as readonly string[]).includes(remote) || Number(expires) <= nowSeconds) return {};
  return { [remote as RemoteName]: version };
};
