import { data, type LoaderFunctionArgs } from '@entry/routes';

/** An unsubscribe link carries a numeric user id; anything else is a bad link, answered with 400. */
export const unsubscribeLoader = ({ params }: LoaderFunctionArgs) => {
  if (!/^\d+$/.test(params.id_user ?? '')) {
    throw data(null, { status: 400, statusText: 'Bad request: illegal arguments' });
  }
  return { type: params.type ?? '', idUser: Number(params.id_user) };
};
