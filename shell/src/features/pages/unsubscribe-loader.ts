import { isOneOf, MAIL_TYPES } from '@entry/constants';
import { data, type LoaderFunctionArgs } from '@entry/routes';

/**
 * An unsubscribe link names a kind of mail we send and a numeric user id, and carries the
 * signature the mail was sent with (`?signature=`). An unknown kind or id is a bad link, answered
 * with 400 and never echoed; a missing signature is told on the page.
 */
export const unsubscribeLoader = ({ params, request }: LoaderFunctionArgs) => {
  if (!/^\d+$/.test(params.id_user ?? '') || !isOneOf(MAIL_TYPES, params.type)) {
    throw data(null, { status: 400, statusText: 'Bad request: illegal arguments' });
  }
  return { type: params.type, idUser: Number(params.id_user), signature: new URL(request.url).searchParams.get('signature') ?? '' };
};
