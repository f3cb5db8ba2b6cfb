import type { Migration } from '../db/migrations.ts';
import { contentSql, explanationsSql } from './content.ts';

const QUESTION_TYPES_SQL = "'multi_choice', 'choice', 'freetext', 'range', 'freetext_mid', 'freetext_long'";
const SESSION_STATUSES_SQL = "'archived', 'not_active', 'waiting_to_start', 'started', 'paused', 'stopped', 'sen_paused'";

/** The exams service's tables (append-only, ids from the range this module owns). */
export const examsMigrations: Migration[] = [
  {
    id: 200,
    name: 'exam content, sessions and answers',
    sql: `
      -- A school as the exams service knows it: its brand and the slug of its taster pages.
      CREATE TABLE exam_schools (
        id_school_customer INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        brand TEXT NOT NULL CHECK (brand IN ('atom', 'quest')),
        taster_slug TEXT NOT NULL UNIQUE
      );
      CREATE TABLE exam_groups (
        id_exam_group INTEGER PRIMARY KEY,
        id_school_customer INTEGER NOT NULL REFERENCES exam_schools(id_school_customer),
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        position INTEGER NOT NULL
      );
      -- A test paper. Without a group it is an assessment's paper, never offered as a taster.
      CREATE TABLE exam_configs (
        id_exam_config INTEGER PRIMARY KEY,
        id_exam_group INTEGER REFERENCES exam_groups(id_exam_group),
        title TEXT NOT NULL,
        subject TEXT NOT NULL,
        difficulty TEXT NOT NULL CHECK (difficulty IN ('easy', 'medium', 'hard')),
        time_limit_seconds INTEGER NOT NULL CHECK (time_limit_seconds > 0),
        scoring_method TEXT NOT NULL CHECK (scoring_method IN ('RASCH', 'PERCENTAGE')),
        position INTEGER NOT NULL
      );
      -- body (options, scale, length) goes to the page; answer_key never does before a submit.
      CREATE TABLE exam_questions (
        id_question INTEGER PRIMARY KEY,
        id_exam_config INTEGER NOT NULL REFERENCES exam_configs(id_exam_config),
        position INTEGER NOT NULL,
        type TEXT NOT NULL CHECK (type IN (${QUESTION_TYPES_SQL})),
        prompt TEXT NOT NULL,
        body TEXT NOT NULL,
        answer_key TEXT NOT NULL,
        UNIQUE (id_exam_config, position)
      );
      -- An invigilated sitting: school_exam_slug names its landing page, exam_slug its portal.
      CREATE TABLE exams (
        id_exam INTEGER PRIMARY KEY,
        exam_slug TEXT NOT NULL UNIQUE,
        school_exam_slug TEXT NOT NULL UNIQUE,
        id_school_customer INTEGER NOT NULL REFERENCES exam_schools(id_school_customer),
        id_exam_config INTEGER NOT NULL REFERENCES exam_configs(id_exam_config),
        session_type TEXT NOT NULL CHECK (session_type IN ('entrance_exam', 'summative_assessment')),
        title TEXT NOT NULL,
        summary TEXT NOT NULL
      );
      -- One applicant's sitting. The clock: elapsed_ms banked, plus now - running_since while started.
      CREATE TABLE exam_sessions (
        id_exam_session INTEGER PRIMARY KEY,
        id_exam INTEGER NOT NULL REFERENCES exams(id_exam),
        id_user INTEGER NOT NULL REFERENCES users(id_user) ON DELETE CASCADE,
        status TEXT NOT NULL CHECK (status IN (${SESSION_STATUSES_SQL})),
        status_changed_at INTEGER NOT NULL,
        started_at INTEGER,
        running_since INTEGER,
        elapsed_ms INTEGER NOT NULL DEFAULT 0,
        version INTEGER NOT NULL DEFAULT 1,
        UNIQUE (id_exam, id_user)
      );
      -- Who moved a session, from what to what, when: the invigilation record.
      CREATE TABLE exam_session_changes (
        id INTEGER PRIMARY KEY,
        id_exam_session INTEGER NOT NULL REFERENCES exam_sessions(id_exam_session) ON DELETE CASCADE,
        from_status TEXT NOT NULL,
        to_status TEXT NOT NULL,
        id_user INTEGER NOT NULL,
        at INTEGER NOT NULL
      );
      -- Every answer as given, under the id the page made for it: a resent answer is stored once.
      -- The current answer to a question is its latest by answered_at (the device's clock).
      CREATE TABLE exam_answers (
        id_answer TEXT PRIMARY KEY,
        id_exam_session INTEGER NOT NULL REFERENCES exam_sessions(id_exam_session) ON DELETE CASCADE,
        id_question INTEGER NOT NULL REFERENCES exam_questions(id_question),
        value TEXT NOT NULL,
        answered_at INTEGER NOT NULL,
        received_at INTEGER NOT NULL
      );
      CREATE INDEX exam_answers_by_session ON exam_answers(id_exam_session, id_question, answered_at);
    `,
  },
  {
    id: 201,
    name: 'reference exam content',
    // Reference content, not demo accounts: every database has the sample schools and tests.
    sql: contentSql(),
  },
  {
    id: 202,
    name: 'taster answers explained',
    // Why each taster question's right answer is right, for the result page (never sent before a submit).
    sql: `ALTER TABLE exam_questions ADD COLUMN explanation TEXT;\n${explanationsSql()}`,
  },
];
