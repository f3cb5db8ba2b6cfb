import { EXAM_SESSION_STATUSES, isOneOf } from '@entry/constants';
import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { sessionUserId } from '../accounts/sessions.ts';
import { findUserById, type UserRow } from '../accounts/users.ts';
import type { Database } from '../db/database.ts';
import { BAD_REQUEST, FORBIDDEN, readJsonObject } from '../http/request-guards.ts';
import {
  findConfig,
  findExam,
  findExamBySchoolExamSlug,
  findExamBySlug,
  findSchool,
  questionsOf,
  toPublicQuestion,
  type ExamRow,
} from './content-queries.ts';
import {
  currentAnswers,
  findOrCreateSession,
  findSession,
  moveSession,
  questionsVisible,
  saveAnswer,
  sessionsOfExam,
  toSessionState,
  type SessionRow,
} from './exam-sessions.ts';
import { isValidAnswer } from './questions.ts';
import type { SessionHub } from './session-hub.ts';
import { acceptsAnswers, canMove } from './session-status.ts';
import { idParam, NOT_FOUND, toPublicSchool } from './responses.ts';

const AUTH_REQUIRED = 'Authentication required';
/** A stream with nothing to say still speaks this often, so proxies and the page know it lives. */
export const KEEP_ALIVE_MS = 15_000;
/** How long the page waits before reconnecting a dropped stream. */
const RECONNECT_MS = 3000;
/**
 * A stream ends after this long and the page reconnects (getting the state afresh): no connection
 * lives on half-dead for hours, and a server shutting down waits at most this long for its streams.
 */
export const STREAM_LIFETIME_MS = 60_000;
const ANSWER_ID = /^[A-Za-z0-9-]{8,64}$/;

type Refusal = { status: 401 | 403 | 404; message: string };
const refuse = (status: Refusal['status'], message: string): Refusal => ({ status, message });

type Options = { db: Database; hub: SessionHub; streamLifetimeMs?: number };

export const examRoutesFor = ({ db, hub, streamLifetimeMs = STREAM_LIFETIME_MS }: Options) => {
  const routes = new Hono();
  const fail = (c: Context, { status, message }: Refusal) => c.json({ message }, status);

  const signedInUser = (c: Context): UserRow | null => {
    const id_user = sessionUserId(c, db);
    return id_user === null ? null : findUserById(db, id_user);
  };

  /** Staff of the exam's school: the invigilators. */
  const isInvigilator = (user: UserRow, exam: ExamRow) => user.staff === 1 && user.id_school_customer === exam.id_school_customer;

  const examInfo = (exam: ExamRow) => {
    const school = findSchool(db, exam.id_school_customer);
    const paper = findConfig(db, exam.id_exam_config);
    return {
      exam_slug: exam.exam_slug,
      school_exam_slug: exam.school_exam_slug,
      title: exam.title,
      summary: exam.summary,
      session_type: exam.session_type,
      school: school && toPublicSchool(school),
      paper: paper && { subject: paper.subject, question_count: paper.question_count, time_limit_seconds: paper.time_limit_seconds },
    };
  };

  const timeLimit = (exam: ExamRow) => findConfig(db, exam.id_exam_config)?.time_limit_seconds ?? 0;

  /** A session its applicant, or an invigilator of its school, may follow. */
  const sessionFor = (c: Context, access: 'owner' | 'owner-or-invigilator' | 'invigilator') => {
    const user = signedInUser(c);
    if (!user) return refuse(401, AUTH_REQUIRED);
    const id = idParam(c.req.param('id_exam_session') ?? '');
    const session = id === null ? null : findSession(db, id);
    const exam = session && findExam(db, session.id_exam);
    if (!session || !exam) return refuse(404, NOT_FOUND);
    const owner = session.id_user === user.id_user;
    const allowed =
      access === 'owner' ? owner : access === 'invigilator' ? isInvigilator(user, exam) : owner || isInvigilator(user, exam);
    return allowed ? { user, session, exam } : refuse(403, FORBIDDEN);
  };

  const stateOf = (session: SessionRow, exam: ExamRow) => toSessionState(session, timeLimit(exam));

  routes.get('/school-exams/:school_exam_slug', (c) => {
    const exam = findExamBySchoolExamSlug(db, c.req.param('school_exam_slug'));
    return exam ? c.json(examInfo(exam)) : c.json({ message: NOT_FOUND }, 404);
  });

  routes.get('/exams/:exam_slug', (c) => {
    const exam = findExamBySlug(db, c.req.param('exam_slug'));
    return exam ? c.json(examInfo(exam)) : c.json({ message: NOT_FOUND }, 404);
  });

  /** The applicant's sitting: its state, and once it has begun its questions and their answers so far. */
  routes.get('/exams/:exam_slug/session', (c) => {
    const exam = findExamBySlug(db, c.req.param('exam_slug'));
    if (!exam) return c.json({ message: NOT_FOUND }, 404);
    const user = signedInUser(c);
    if (!user) return c.json({ message: AUTH_REQUIRED }, 401);
    if (user.base !== 'applicant' || user.id_school_customer !== exam.id_school_customer) return c.json({ message: FORBIDDEN }, 403);
    const session = findOrCreateSession(db, exam.id_exam, user.id_user);
    const open = questionsVisible(session);
    return c.json({
      session: stateOf(session, exam),
      questions: open ? questionsOf(db, exam.id_exam_config).map(toPublicQuestion) : null,
      answers: open ? currentAnswers(db, session.id_exam_session) : [],
    });
  });

  routes.get('/sessions/:id_exam_session', (c) => {
    const found = sessionFor(c, 'owner-or-invigilator');
    if ('status' in found) return fail(c, found);
    c.header('Cache-Control', 'no-store');
    return c.json(stateOf(found.session, found.exam));
  });

  /** Server-sent events: the session's state now, then again at every change, with a keep-alive between. */
  routes.get('/sessions/:id_exam_session/events', (c) => {
    const found = sessionFor(c, 'owner-or-invigilator');
    if ('status' in found) return fail(c, found);
    const { exam } = found;
    const id = found.session.id_exam_session;
    // Proxies that buffer responses (nginx) would hold the events back.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let wake = () => {};
      const unsubscribe = hub.subscribe(id, () => wake());
      stream.onAbort(() => wake());
      let sent = -1;
      const endAt = Date.now() + streamLifetimeMs;
      try {
        while (!stream.aborted && Date.now() < endAt) {
          const session = findSession(db, id);
          if (!session) break;
          if (session.version !== sent) {
            await stream.writeSSE({ event: 'state', id: String(session.version), retry: RECONNECT_MS, data: JSON.stringify(stateOf(session, exam)) });
            sent = session.version;
          } else {
            await stream.write(': keep-alive\n\n');
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.min(KEEP_ALIVE_MS, Math.max(0, endAt - Date.now())));
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      } finally {
        unsubscribe();
      }
    });
  });

  routes.post('/sessions/:id_exam_session/answers', async (c) => {
    const found = sessionFor(c, 'owner');
    if ('status' in found) return fail(c, found);
    const { session, exam } = found;
    const body = await readJsonObject(c);
    const id_answer = body?.id_answer;
    const id_question = body?.id_question;
    const answered_at = body?.answered_at;
    const value = body?.value;
    const question = questionsOf(db, exam.id_exam_config).find((candidate) => candidate.id_question === id_question);
    if (
      typeof id_answer !== 'string' ||
      !ANSWER_ID.test(id_answer) ||
      typeof answered_at !== 'number' ||
      !Number.isSafeInteger(answered_at) ||
      answered_at < 0 ||
      !question ||
      !isValidAnswer(question, value)
    ) {
      return c.json({ message: BAD_REQUEST }, 400);
    }
    if (!acceptsAnswers(session.status)) {
      return c.json({ message: `This assessment is ${session.status.replaceAll('_', ' ')}: answers are not being taken` }, 409);
    }
    const outcome = saveAnswer(db, { id_answer, id_exam_session: session.id_exam_session, id_question: question.id_question, value, answered_at });
    if (outcome === 'conflict') return c.json({ message: 'This answer id is already used for another answer' }, 409);
    return c.json({ id_answer, stored: outcome === 'stored' }, outcome === 'stored' ? 201 : 200);
  });

  /** The invigilator moves a session; the applicant's page hears of it at once. */
  routes.post('/sessions/:id_exam_session/status', async (c) => {
    const found = sessionFor(c, 'invigilator');
    if ('status' in found) return fail(c, found);
    const to = (await readJsonObject(c))?.status;
    if (!isOneOf(EXAM_SESSION_STATUSES, to)) return c.json({ message: BAD_REQUEST }, 400);
    const { session, exam, user } = found;
    if (!canMove(session.status, to)) {
      return c.json({ message: `A session cannot move from ${session.status} to ${to}`, status: session.status }, 409);
    }
    const moved = moveSession(db, session, to, user.id_user);
    if (moved.status !== to) return c.json({ message: 'The session changed meanwhile; try again', status: moved.status }, 409);
    hub.publish(moved.id_exam_session);
    return c.json(stateOf(moved, exam));
  });

  routes.get('/exams/:exam_slug/sessions', (c) => {
    const exam = findExamBySlug(db, c.req.param('exam_slug'));
    if (!exam) return c.json({ message: NOT_FOUND }, 404);
    const user = signedInUser(c);
    if (!user) return c.json({ message: AUTH_REQUIRED }, 401);
    if (!isInvigilator(user, exam)) return c.json({ message: FORBIDDEN }, 403);
    return c.json({ sessions: sessionsOfExam(db, exam.id_exam) });
  });

  return routes;
};
