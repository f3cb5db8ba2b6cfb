import { Hono } from 'hono';
import type { Database } from '../db/database.ts';

/** Exam content, sessions and answers; built in the taster and assessments issue. */
export const examRoutes = (_options: { db: Database }) => new Hono();
