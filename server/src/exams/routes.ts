import { Hono } from 'hono';
import type { Database } from '../db/database.ts';
import { examRoutesFor } from './exam-routes.ts';
import { createSessionHub } from './session-hub.ts';
import { tasterRoutes } from './taster-routes.ts';

/**
 * The exams service (mounted at /ms_exams): taster content and scoring, school assessment pages,
 * and invigilated exam sessions with their answers and live status.
 */
export const examRoutes = ({ db }: { db: Database }) => {
  const routes = new Hono();
  routes.route('/', tasterRoutes({ db }));
  routes.route('/', examRoutesFor({ db, hub: createSessionHub() }));
  return routes;
};
