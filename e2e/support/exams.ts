import { DatabaseSync } from 'node:sqlite';
import { request, type APIRequestContext } from '@playwright/test';
import { issueAccessCode } from './database.ts';

/** The e2e server's database (playwright.config.ts), or the quest server's, opened per use like database.ts does. */
const withDatabase = <T>(use: (db: DatabaseSync) => T, readOnly = true, site: 'atom' | 'quest' = 'atom'): T => {
  const db = new DatabaseSync((site === 'quest' ? process.env.E2E_QUEST_DATABASE_PATH : process.env.E2E_DATABASE_PATH) as string, { readOnly });
  // The server writes to the same file; a write of ours waits for its turn rather than failing.
  if (!readOnly) db.exec('PRAGMA busy_timeout = 5000');
  try {
    return use(db);
  } finally {
    db.close();
  }
};

export const OAKWOOD = 1001;
export const ENTRANCE_EXAM = 'oakwood-entrance-2027';

/**
 * A fresh applicant of a school with an access code, as the school's registration would make them:
 * each test its own, so parallel tests never share a sitting. The password is never used.
 */
export const createApplicant = (id_school_customer = OAKWOOD, site: 'atom' | 'quest' = 'atom') => {
  const username = `e2e-applicant-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const id_user = withDatabase(
    (db) =>
      Number(
        db
          .prepare(
            "INSERT INTO users (username, password_hash, base, id_school_customer, created) VALUES (?, 'no-password', 'applicant', ?, ?) RETURNING id_user",
          )
          .get(username, id_school_customer, new Date().toISOString())?.id_user,
      ),
    false,
    site,
  );
  return { id_user, username, code: issueAccessCode(username, id_school_customer, site) };
};

/** Each question's current answer in a sitting (the latest by the device's clock), as stored. */
export const storedAnswers = (id_exam_session: number): Record<number, unknown> =>
  withDatabase((db) =>
    Object.fromEntries(
      db
        .prepare(
          `SELECT id_question, value FROM (
             SELECT id_question, value, row_number() OVER (PARTITION BY id_question ORDER BY answered_at DESC, rowid DESC) AS rank
             FROM exam_answers WHERE id_exam_session = ?
           ) WHERE rank = 1`,
        )
        .all(id_exam_session)
        .map((row) => [Number(row.id_question), JSON.parse(String(row.value))]),
    ),
  );

export const answerRows = (id_exam_session: number): { id_answer: string; id_question: number }[] =>
  withDatabase((db) =>
    db
      .prepare('SELECT id_answer, id_question FROM exam_answers WHERE id_exam_session = ?')
      .all(id_exam_session)
      .map((row) => ({ id_answer: String(row.id_answer), id_question: Number(row.id_question) })),
  );

/**
 * The demo teacher as invigilator, over HTTP like their own tools: signed in by username (the login
 * tests lock the teacher's email behind a captcha for a while), with the headers our pages send.
 */
export const invigilator = async (baseURL: string) => {
  const api: APIRequestContext = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: new URL(baseURL).origin, 'X-Requested-With': 'XMLHttpRequest' },
  });
  const login = await api.post('/ms_accounts/auth/login', { data: { username: 'demo-teacher', password: 'quest-for-progress-42' } });
  if (!login.ok()) throw new Error(`The invigilator could not sign in: ${login.status()} ${await login.text()}`);
  return {
    sessionOf: async (id_user: number, exam_slug = ENTRANCE_EXAM): Promise<number> => {
      const { sessions } = (await (await api.get(`/ms_exams/exams/${exam_slug}/sessions`)).json()) as {
        sessions: { id_exam_session: number; id_user: number }[];
      };
      const found = sessions.find((session) => session.id_user === id_user);
      if (!found) throw new Error(`No sitting for user ${id_user}`);
      return found.id_exam_session;
    },
    move: async (id_exam_session: number, status: string) => {
      const response = await api.post(`/ms_exams/sessions/${id_exam_session}/status`, { data: { status } });
      if (!response.ok()) throw new Error(`Moving ${id_exam_session} to ${status}: ${response.status()} ${await response.text()}`);
    },
    dispose: () => api.dispose(),
  };
};
