import { BASE_PATH, findAddressSecrets } from '@entry/routes';

const FILTERED = '[Filtered]';
/** Query keys that hold credentials whatever the page (the browser telemetry's list, sensitive-keys.ts). */
const SENSITIVE_KEY = /password|passwd|token|accesscode|captcha|secret|credentials|signature|code$/;

const isSensitive = (key: string) => SENSITIVE_KEY.test(key.toLowerCase().replace(/[^a-z0-9]/g, ''));

/**
 * A page address as the event gateway may keep it: a secret the route carries (reset token, magic,
 * report or assessment code, invitation token) is replaced by [Filtered], and so is the value of
 * any query parameter named like a credential. Anything that is not an http(s) URL is dropped.
 */
export const redactAddress = (address: string): string => {
  if (!URL.canParse(address)) return '';
  const url = new URL(address);
  if (!/^https?:$/.test(url.protocol)) return '';
  url.username = '';
  url.password = '';
  if (url.pathname === BASE_PATH || url.pathname.startsWith(`${BASE_PATH}/`)) {
    const found = findAddressSecrets(url.pathname.slice(BASE_PATH.length) || '/', url.search);
    for (const [name, value] of Object.entries(found?.secrets ?? {})) {
      url.pathname = url.pathname.replace(`/${encodeURIComponent(value)}`, `/${FILTERED}`).replace(`/${value}`, `/${FILTERED}`);
      if (url.searchParams.has(name)) url.searchParams.set(name, FILTERED);
    }
  }
  for (const key of [...url.searchParams.keys()]) if (isSensitive(key)) url.searchParams.set(key, FILTERED);
  return url.href.replaceAll('%5BFiltered%5D', FILTERED);
};
