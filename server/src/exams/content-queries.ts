import type { QuestionType } from '@entry/constants';
import type { Database } from '../db/database.ts';
import type { AnswerKey, QuestionBody, QuestionRow } from './questions.ts';

export type SchoolRow = { id_school_customer: number; name: string; brand: 'atom' | 'quest'; taster_slug: string };
export type GroupRow = { id_exam_group: number; name: string; description: string; test_count: number };
export type ConfigRow = {
  id_exam_config: number;
  id_exam_group: number | null;
  title: string;
  subject: string;
  difficulty: string;
  time_limit_seconds: number;
  scoring_method: string;
  question_count: number;
};
export type ExamRow = {
  id_exam: number;
  exam_slug: string;
  school_exam_slug: string;
  id_school_customer: number;
  id_exam_config: number;
  session_type: string;
  title: string;
  summary: string;
};

/* node:sqlite answers plain objects of unknown columns; these casts name the columns each query selects. */
const one = <T>(row: Record<string, unknown> | undefined): T | null => (row ? (row as T) : null);
const all = <T>(rows: Record<string, unknown>[]): T[] => rows as T[];

const CONFIG_COLUMNS = `c.id_exam_config, c.id_exam_group, c.title, c.subject, c.difficulty, c.time_limit_seconds,
  c.scoring_method, (SELECT count(*) FROM exam_questions q WHERE q.id_exam_config = c.id_exam_config) AS question_count`;

export const findSchoolByTasterSlug = (db: Database, slug: string): SchoolRow | null =>
  one(db.prepare('SELECT * FROM exam_schools WHERE taster_slug = ?').get(slug));

export const findSchool = (db: Database, id_school_customer: number): SchoolRow | null =>
  one(db.prepare('SELECT * FROM exam_schools WHERE id_school_customer = ?').get(id_school_customer));

export const groupsOf = (db: Database, id_school_customer: number): GroupRow[] =>
  all(
    db
      .prepare(
        `SELECT g.id_exam_group, g.name, g.description,
           (SELECT count(*) FROM exam_configs c WHERE c.id_exam_group = g.id_exam_group) AS test_count
         FROM exam_groups g WHERE g.id_school_customer = ? ORDER BY g.position`,
      )
      .all(id_school_customer),
  );

export const findGroup = (db: Database, id_school_customer: number, id_exam_group: number): GroupRow | null =>
  groupsOf(db, id_school_customer).find((group) => group.id_exam_group === id_exam_group) ?? null;

export const configsOfGroup = (db: Database, id_exam_group: number): ConfigRow[] =>
  all(db.prepare(`SELECT ${CONFIG_COLUMNS} FROM exam_configs c WHERE c.id_exam_group = ? ORDER BY c.position`).all(id_exam_group));

/** A familiarisation test of this school: a config in one of its groups (never an assessment paper). */
export const findTasterConfig = (db: Database, id_school_customer: number, id_exam_config: number): ConfigRow | null =>
  one(
    db
      .prepare(
        `SELECT ${CONFIG_COLUMNS} FROM exam_configs c JOIN exam_groups g ON g.id_exam_group = c.id_exam_group
         WHERE c.id_exam_config = ? AND g.id_school_customer = ?`,
      )
      .get(id_exam_config, id_school_customer),
  );

export const findConfig = (db: Database, id_exam_config: number): ConfigRow | null =>
  one(db.prepare(`SELECT ${CONFIG_COLUMNS} FROM exam_configs c WHERE c.id_exam_config = ?`).get(id_exam_config));

type RawQuestion = { id_question: number; type: QuestionType; prompt: string; body: string; answer_key: string; explanation: string | null };

/** A paper's questions in order, with their keys: callers decide what leaves the server. */
export const questionsOf = (db: Database, id_exam_config: number): QuestionRow[] =>
  all<RawQuestion>(
    db.prepare('SELECT id_question, type, prompt, body, answer_key, explanation FROM exam_questions WHERE id_exam_config = ? ORDER BY position').all(id_exam_config),
  ).map((row) => ({
    id_question: row.id_question,
    type: row.type,
    prompt: row.prompt,
    body: JSON.parse(row.body) as QuestionBody,
    key: JSON.parse(row.answer_key) as AnswerKey,
    ...(row.explanation === null ? {} : { explanation: row.explanation }),
  }));

/** What the page may see of a question before the test is over: everything but the key. */
export const toPublicQuestion = ({ id_question, type, prompt, body }: QuestionRow, index: number) => ({
  id_question,
  position: index + 1,
  type,
  prompt,
  ...body,
});

export const findExamBySlug = (db: Database, exam_slug: string): ExamRow | null =>
  one(db.prepare('SELECT * FROM exams WHERE exam_slug = ?').get(exam_slug));

export const findExamBySchoolExamSlug = (db: Database, school_exam_slug: string): ExamRow | null =>
  one(db.prepare('SELECT * FROM exams WHERE school_exam_slug = ?').get(school_exam_slug));

export const findExam = (db: Database, id_exam: number): ExamRow | null =>
  one(db.prepare('SELECT * FROM exams WHERE id_exam = ?').get(id_exam));
