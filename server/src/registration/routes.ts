import { Hono } from 'hono';
import type { Database } from '../db/database.ts';

/** Registration calls of the account service; built in the registration issue. */
export const registrationRoutes = (_options: { db: Database }) => new Hono();
