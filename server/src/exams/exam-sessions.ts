import type { ExamSessionStatus } from '@entry/constants';
import type { Database } from '../db/database.ts';
import type { AnswerValue } from './questions.ts';
import { INITIAL_SESSION_STATUS, isRunning } from './session-status.ts';

export type SessionRow = {
  id_exam_session: number;
  id_exam: number;
  id_user: number;
  status: ExamSessionStatus;
  status_changed_at: number;
  started_at: number | null;
  running_since: number | null;
  elapsed_ms: number;
  version: number;
};

/** What the applicant's page follows: pushed on every change, and answered to a poll. */
export type SessionState = {
  id_exam_session: number;
  status: ExamSessionStatus;
  /** Whole seconds left on the clock, which runs only while started. */
  remaining_seconds: number;
  time_limit_seconds: number;
  /** Grows with every change: a page can tell a new state from one it has seen. */
  version: number;
};

const asSession = (row: Record<string, unknown> | undefined): SessionRow | null => (row ? (row as SessionRow) : null);

export const findSession = (db: Database, id_exam_session: number): SessionRow | null =>
  asSession(db.prepare('SELECT * FROM exam_sessions WHERE id_exam_session = ?').get(id_exam_session));

/** The applicant's sitting of an exam, made on their first visit (or by the seed) as waiting_to_start. */
export const findOrCreateSession = (db: Database, id_exam: number, id_user: number, now = Date.now()): SessionRow => {
  db.prepare(
    'INSERT INTO exam_sessions (id_exam, id_user, status, status_changed_at) VALUES (?, ?, ?, ?) ON CONFLICT (id_exam, id_user) DO NOTHING',
  ).run(id_exam, id_user, INITIAL_SESSION_STATUS, now);
  return asSession(db.prepare('SELECT * FROM exam_sessions WHERE id_exam = ? AND id_user = ?').get(id_exam, id_user)) as SessionRow;
};

const elapsedMs = (row: SessionRow, now: number) => row.elapsed_ms + (row.running_since === null ? 0 : now - row.running_since);

export const toSessionState = (row: SessionRow, time_limit_seconds: number, now = Date.now()): SessionState => ({
  id_exam_session: row.id_exam_session,
  status: row.status,
  remaining_seconds: Math.max(0, Math.ceil(time_limit_seconds - elapsedMs(row, now) / 1000)),
  time_limit_seconds,
  version: row.version,
});

/** The questions are out once the sitting has begun, until the session is filed away or withdrawn. */
export const questionsVisible = (row: SessionRow): boolean =>
  row.started_at !== null && row.status !== 'archived' && row.status !== 'not_active';

/**
 * Moves a session (the caller has checked the transition) and records who did it. The clock is
 * banked when the session stops running and restarted when it runs again.
 */
export const moveSession = (db: Database, row: SessionRow, to: ExamSessionStatus, byUser: number, now = Date.now()): SessionRow => {
  const running = isRunning(to);
  const elapsed = running ? row.elapsed_ms : elapsedMs(row, now);
  db.exec('BEGIN');
  try {
    const moved = db
      .prepare(
        `UPDATE exam_sessions SET status = ?, status_changed_at = ?, elapsed_ms = ?, running_since = ?,
           started_at = COALESCE(started_at, ?), version = version + 1
         WHERE id_exam_session = ? AND version = ? RETURNING *`,
      )
      .get(to, now, elapsed, running ? now : null, running ? now : null, row.id_exam_session, row.version);
    if (moved) {
      db.prepare('INSERT INTO exam_session_changes (id_exam_session, from_status, to_status, id_user, at) VALUES (?, ?, ?, ?, ?)').run(
        row.id_exam_session,
        row.status,
        to,
        byUser,
        now,
      );
    }
    db.exec('COMMIT');
    // Another move got in between: the caller reads the session again and decides afresh.
    return asSession(moved) ?? (findSession(db, row.id_exam_session) as SessionRow);
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
};

export type NewAnswer = {
  id_answer: string;
  id_exam_session: number;
  id_question: number;
  value: AnswerValue;
  answered_at: number;
};

/**
 * Stores an answer once: the primary key is the page's own answer id, so a resend (after a lost
 * response, or by the offline queue) is a no-op. The same id with another content is refused.
 */
export const saveAnswer = (db: Database, answer: NewAnswer, now = Date.now()): 'stored' | 'duplicate' | 'conflict' => {
  const value = JSON.stringify(answer.value);
  const result = db
    .prepare(
      `INSERT INTO exam_answers (id_answer, id_exam_session, id_question, value, answered_at, received_at)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id_answer) DO NOTHING`,
    )
    .run(answer.id_answer, answer.id_exam_session, answer.id_question, value, answer.answered_at, now);
  if (result.changes === 1) return 'stored';
  const existing = db.prepare('SELECT id_exam_session, id_question, value FROM exam_answers WHERE id_answer = ?').get(answer.id_answer);
  const same =
    Number(existing?.id_exam_session) === answer.id_exam_session &&
    Number(existing?.id_question) === answer.id_question &&
    existing?.value === value;
  return same ? 'duplicate' : 'conflict';
};

export type CurrentAnswer = { id_question: number; value: AnswerValue; answered_at: number };

/** Each question's latest answer, by the device's clock (ties: the one received last). */
export const currentAnswers = (db: Database, id_exam_session: number): CurrentAnswer[] =>
  db
    .prepare(
      `SELECT id_question, value, answered_at FROM (
         SELECT id_question, value, answered_at,
           row_number() OVER (PARTITION BY id_question ORDER BY answered_at DESC, rowid DESC) AS rank
         FROM exam_answers WHERE id_exam_session = ?
       ) WHERE rank = 1 ORDER BY id_question`,
    )
    .all(id_exam_session)
    .map((row) => ({
      id_question: Number(row.id_question),
      value: JSON.parse(String(row.value)) as AnswerValue,
      answered_at: Number(row.answered_at),
    }));

export type SessionSummary = {
  id_exam_session: number;
  id_user: number;
  username: string;
  status: ExamSessionStatus;
  answered: number;
};

/** The invigilator's list: every sitting of an exam with how many questions each has answered. */
export const sessionsOfExam = (db: Database, id_exam: number): SessionSummary[] =>
  db
    .prepare(
      `SELECT s.id_exam_session, s.id_user, u.username, s.status,
         (SELECT count(DISTINCT a.id_question) FROM exam_answers a WHERE a.id_exam_session = s.id_exam_session) AS answered
       FROM exam_sessions s JOIN users u ON u.id_user = s.id_user WHERE s.id_exam = ? ORDER BY s.id_exam_session`,
    )
    .all(id_exam)
    .map((row) => ({
      id_exam_session: Number(row.id_exam_session),
      id_user: Number(row.id_user),
      username: String(row.username),
      status: row.status as ExamSessionStatus,
      answered: Number(row.answered),
    }));
