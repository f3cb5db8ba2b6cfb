import { Hono, type Context } from 'hono';
import type { Database } from '../db/database.ts';
import { BAD_REQUEST, readJsonObject } from '../http/request-guards.ts';
import {
  configsOfGroup,
  findGroup,
  findSchoolByTasterSlug,
  findTasterConfig,
  groupsOf,
  questionsOf,
  toPublicQuestion,
  type ConfigRow,
} from './content-queries.ts';
import { isValidAnswer, scorePercentage, type AnswerValue } from './questions.ts';
import { idParam, NOT_FOUND, toPublicSchool } from './responses.ts';

const toPublicTest = (config: ConfigRow) => ({
  id_exam_config: config.id_exam_config,
  id_exam_group: config.id_exam_group,
  title: config.title,
  subject: config.subject,
  difficulty: config.difficulty,
  time_limit_seconds: config.time_limit_seconds,
  scoring_method: config.scoring_method,
  question_count: config.question_count,
});

/**
 * Familiarisation (taster) tests: public, no session. The questions go out without their keys; the
 * score, with each right answer, comes back only for a submitted set of answers.
 */
export const tasterRoutes = ({ db }: { db: Database }) => {
  const routes = new Hono();
  const notFound = (c: Context) => c.json({ message: NOT_FOUND }, 404);

  const schoolOf = (c: Context) => findSchoolByTasterSlug(db, c.req.param('school_exam_slug') ?? '');

  const testOf = (c: Context) => {
    const school = schoolOf(c);
    const id = idParam(c.req.param('id_exam_config') ?? '');
    const test = school && id !== null ? findTasterConfig(db, school.id_school_customer, id) : null;
    return school && test ? { school, test } : null;
  };

  routes.get('/tasters/:school_exam_slug', (c) => {
    const school = schoolOf(c);
    if (!school) return notFound(c);
    const assessments = db
      .prepare('SELECT school_exam_slug, exam_slug, title, session_type FROM exams WHERE id_school_customer = ? ORDER BY id_exam')
      .all(school.id_school_customer);
    return c.json({ school: toPublicSchool(school), groups: groupsOf(db, school.id_school_customer), assessments });
  });

  routes.get('/tasters/:school_exam_slug/groups/:id_exam_group', (c) => {
    const school = schoolOf(c);
    const id = idParam(c.req.param('id_exam_group'));
    const group = school && id !== null ? findGroup(db, school.id_school_customer, id) : null;
    if (!school || !group) return notFound(c);
    return c.json({ school: toPublicSchool(school), group, tests: configsOfGroup(db, group.id_exam_group).map(toPublicTest) });
  });

  routes.get('/tasters/:school_exam_slug/tests/:id_exam_config', (c) => {
    const found = testOf(c);
    if (!found) return notFound(c);
    const group = findGroup(db, found.school.id_school_customer, found.test.id_exam_group as number);
    return c.json({
      school: toPublicSchool(found.school),
      group,
      test: toPublicTest(found.test),
      questions: questionsOf(db, found.test.id_exam_config).map(toPublicQuestion),
    });
  });

  routes.post('/tasters/:school_exam_slug/tests/:id_exam_config/score', async (c) => {
    const found = testOf(c);
    if (!found) return notFound(c);
    const answers = (await readJsonObject(c))?.answers;
    if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) return c.json({ message: BAD_REQUEST }, 400);
    const questions = questionsOf(db, found.test.id_exam_config);
    const given = answers as Record<string, unknown>;
    const valid = Object.entries(given).every(([id, value]) => {
      const question = questions.find((candidate) => String(candidate.id_question) === id);
      return question !== undefined && isValidAnswer(question, value);
    });
    if (!valid) return c.json({ message: BAD_REQUEST }, 400);
    return c.json(scorePercentage(questions, given as Record<string, AnswerValue>));
  });

  return routes;
};

