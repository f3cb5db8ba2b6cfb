import { createHmac } from 'node:crypto';

/** The signed link a mail of `type` to `id_user` carries (server/src/public-user/unsubscribe-links.ts). */
export const signedUnsubscribePath = (type: string, id_user: number): string => {
  const signature = createHmac('sha256', process.env.E2E_LINK_SECRET as string).update(`unsubscribe\n${type}\n${id_user}`).digest('base64url');
  return `/public/unsubscribe/${type}/${id_user}?signature=${signature}`;
};
