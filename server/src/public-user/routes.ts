import { Hono } from 'hono';
import type { Database } from '../db/database.ts';
import { BAD_REQUEST, readJsonObject } from '../http/request-guards.ts';
import { judgePassword } from './password-strength.ts';

const UNSUBSCRIBE_TYPE = /^[a-z][a-z0-9_-]{0,39}$/;

/** /public/user: calls the signed-out site makes about a person, with no session. */
export const publicUserRoutes = ({ db }: { db: Database }) => {
  const routes = new Hono();

  routes.post('/verify_password_strength', async (c) => {
    const password = (await readJsonObject(c))?.password;
    if (typeof password !== 'string') return c.json({ message: BAD_REQUEST }, 400);
    return c.json(judgePassword(password));
  });

  routes.post('/unsubscribe', async (c) => {
    const body = await readJsonObject(c);
    const type = body?.type;
    const id_user = body?.id_user;
    if (typeof type !== 'string' || !UNSUBSCRIBE_TYPE.test(type) || typeof id_user !== 'number' || !Number.isInteger(id_user)) {
      return c.json({ message: BAD_REQUEST }, 400);
    }
    // The same answer whether or not the user exists: an unsubscribe link must not list accounts.
    db.prepare('INSERT INTO unsubscribes (id_user, type, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(id_user, type, Date.now());
    return c.body(null, 204);
  });

  return routes;
};
