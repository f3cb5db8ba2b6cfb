import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MailType } from '@entry/constants';

/**
 * An unsubscribe link is signed for one user and one kind of mail (HMAC-SHA-256 with the server's
 * link secret), so only the person the mail went to can use it: a bare /unsubscribe/{type}/{id}
 * changes nothing. It does not expire: a mail read months later still unsubscribes.
 */
export const unsubscribeSignature = (secret: string, type: MailType, id_user: number): string =>
  createHmac('sha256', secret).update(`unsubscribe\n${type}\n${id_user}`).digest('base64url');

export const isUnsubscribeSignature = (secret: string, type: MailType, id_user: number, signature: string): boolean => {
  const expected = Buffer.from(unsubscribeSignature(secret, type, id_user));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

/** The link a mail of `type` to `id_user` carries. */
export const unsubscribeLink = (publicOrigin: string, secret: string, type: MailType, id_user: number): string =>
  `${publicOrigin}/public/unsubscribe/${type}/${id_user}?signature=${unsubscribeSignature(secret, type, id_user)}`;
