import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCode } from '../accounts/one-time-codes.ts';
import { startServer } from '../accounts/test-server.ts';
import { createUser } from '../accounts/users.ts';
import { examRoutesFor } from './exam-routes.ts';
import { examSeedLines, seedExams } from './seed.ts';
import { createSessionHub } from './session-hub.ts';

let server: Awaited<ReturnType<typeof startServer>>;
const PASSWORD = 'correct horse battery';
const EXAM = 'oakwood-entrance-2027';
let applicants = 0;

beforeAll(async () => {
  server = await startServer();
  await createUser(server.db, { username: 'teacher', password: PASSWORD, base: 'teacher', staff: 1, id_school_customer: 1001 });
  await createUser(server.db, { username: 'other-teacher', password: PASSWORD, base: 'teacher', staff: 1, id_school_customer: 1002 });
  await createUser(server.db, { username: 'parent', password: PASSWORD, base: 'parent' });
  await createUser(server.db, { username: 'far-applicant', password: PASSWORD, base: 'applicant', id_school_customer: 1002 });
});
afterAll(() => server.close());

const signedIn = async (username: string) => {
  const browser = server.browser();
  expect((await browser.post('/ms_accounts/auth/login', { username, password: PASSWORD })).status).toBe(200);
  return browser;
};

/** A new applicant of school 1001, signed in with an access code as on the day. */
const applicant = async () => {
  applicants += 1;
  const user = await createUser(server.db, { username: `applicant-${applicants}`, password: PASSWORD, base: 'applicant', id_school_customer: 1001 });
  const browser = server.browser();
  const access_code = issueCode(server.db, { kind: 'access', id_user: user.id_user, id_school_customer: 1001 });
  expect((await browser.post('/ms_accounts/auth/login_with_code', { access_code, id_school_customer: 1001 })).status).toBe(200);
  const sitting = await browser.get(`/ms_exams/exams/${EXAM}/session`);
  const id = Number((sitting.body?.session as { id_exam_session: number }).id_exam_session);
  return { browser, user, id, sitting };
};

const move = async (invigilator: Awaited<ReturnType<typeof signedIn>>, id: number, status: string) =>
  invigilator.post(`/ms_exams/sessions/${id}/status`, { status });

let answerIds = 0;
const answer = (id_question: number, value: unknown, extra: Record<string, unknown> = {}) => {
  answerIds += 1;
  return { id_answer: `answer-${String(answerIds).padStart(6, '0')}`, id_question, value, answered_at: Date.now(), ...extra };
};

describe('taster content (public)', () => {
  it('answers a school’s taster page: name, brand, groups with their test counts, and its assessments', async () => {
    const { status, body } = await server.browser().get('/ms_exams/tasters/oakwood');
    expect(status).toBe(200);
    expect(body?.school).toEqual({ id_school_customer: 1001, name: 'Oakwood School', brand: 'atom', taster_slug: 'oakwood' });
    expect(body?.groups).toEqual([
      expect.objectContaining({ id_exam_group: 1, name: 'Year 7 entry (11+)', test_count: 4 }),
      expect.objectContaining({ id_exam_group: 2, test_count: 2 }),
      expect.objectContaining({ id_exam_group: 3, test_count: 1 }),
    ]);
    expect(body?.assessments).toEqual([expect.objectContaining({ school_exam_slug: 'oakwood-entrance', session_type: 'entrance_exam' })]);
    expect((await server.browser().get('/ms_exams/tasters/riverside')).body?.school).toMatchObject({ brand: 'quest' });
  });

  it('lists a group’s tests with subject, question count, time limit and difficulty', async () => {
    const { body } = await server.browser().get('/ms_exams/tasters/oakwood/groups/1');
    expect((body?.tests as unknown[])[0]).toEqual({
      id_exam_config: 1,
      id_exam_group: 1,
      title: 'Maths warm-up',
      subject: 'maths',
      difficulty: 'easy',
      time_limit_seconds: 480,
      scoring_method: 'PERCENTAGE',
      question_count: 6,
    });
  });

  it.each([
    ['an unknown school', '/ms_exams/tasters/nowhere'],
    ['another school’s group', '/ms_exams/tasters/oakwood/groups/4'],
    ['a group id that is not a number', '/ms_exams/tasters/oakwood/groups/one'],
    ['another school’s test', '/ms_exams/tasters/oakwood/tests/8'],
    ['an assessment paper asked for as a taster', '/ms_exams/tasters/oakwood/tests/20'],
  ])('answers 404 for %s', async (_case, path) => {
    expect(await server.browser().get(path)).toMatchObject({ status: 404, body: { message: 'Resource not found' } });
  });

  it('sends a test’s questions of every type without anything that gives the answer away', async () => {
    const { body } = await server.browser().get('/ms_exams/tasters/oakwood/tests/1');
    const questions = body?.questions as Record<string, unknown>[];
    expect(questions.map((question) => question.type)).toEqual(['choice', 'multi_choice', 'freetext', 'range', 'freetext_mid', 'freetext_long']);
    expect(questions[0]).toEqual({
      id_question: 101,
      position: 1,
      type: 'choice',
      prompt: 'What is three quarters of 20?',
      options: [
        { id: 'a', label: '10' },
        { id: 'b', label: '12' },
        { id: 'c', label: '15' },
        { id: 'd', label: '16' },
      ],
    });
    expect(questions[3]).toMatchObject({ min: 0, max: 180, step: 5, unit: '°' });
    const text = JSON.stringify(body);
    for (const secret of ['answer_key', '"key"', 'accept', 'keywords', 'model', 'Multiply back', 'explanation', 'Multiplying undoes']) expect(text).not.toContain(secret);
  });

  it('scores submitted answers as a percentage of the automatically marked questions', async () => {
    const { status, body } = await server.browser().post('/ms_exams/tasters/oakwood/tests/1/score', {
      answers: { 101: 'c', 102: ['a', 'c', 'e'], 103: ' 1/4 ', 104: 90, 105: 'Multiply 8 by 6', 106: 'Some working' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ correct: 4, marked: 5, total: 6, percentage: 80 });
    expect((body?.questions as { correct: boolean | null; expected: string }[]).map(({ correct }) => correct)).toEqual([
      true,
      true,
      true,
      false,
      true,
      null,
    ]);
    expect((body?.questions as { expected: string }[])[3]?.expected).toBe('45°');
    // Each answer comes back explained (an extension of the reference server).
    expect((body?.questions as { explanation?: string }[])[0]?.explanation).toBe('A quarter of 20 is 20 ÷ 4 = 5, so three quarters is 3 × 5 = 15.');
  });

  it('refuses answers that do not fit their questions, and a score request from another site', async () => {
    const browser = server.browser();
    expect((await browser.post('/ms_exams/tasters/oakwood/tests/1/score', { answers: { 101: 'z' } })).status).toBe(400);
    expect((await browser.post('/ms_exams/tasters/oakwood/tests/1/score', { answers: { 999: 'a' } })).status).toBe(400);
    expect((await browser.post('/ms_exams/tasters/oakwood/tests/1/score', { answers: [] })).status).toBe(400);
    const foreign = await browser.post('/ms_exams/tasters/oakwood/tests/1/score', { answers: {} }, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
  });
});

describe('school assessments (public pages)', () => {
  it('describes an assessment by its landing slug and by its exam slug', async () => {
    const landing = await server.browser().get('/ms_exams/school-exams/oakwood-entrance');
    expect(landing.body).toMatchObject({
      exam_slug: EXAM,
      session_type: 'entrance_exam',
      school: { name: 'Oakwood School', taster_slug: 'oakwood' },
      paper: { question_count: 6, time_limit_seconds: 2400 },
    });
    expect((await server.browser().get(`/ms_exams/exams/${EXAM}`)).body).toEqual(landing.body);
    expect((await server.browser().get('/ms_exams/school-exams/riverside-summative')).body).toMatchObject({ session_type: 'summative_assessment' });
    expect((await server.browser().get('/ms_exams/exams/nothing-2027')).status).toBe(404);
  });
});

describe('exam sessions', () => {
  it('opens the sitting only to a signed-in applicant of the exam’s school, waiting and without questions', async () => {
    expect((await server.browser().get(`/ms_exams/exams/${EXAM}/session`)).status).toBe(401);
    expect((await (await signedIn('parent')).get(`/ms_exams/exams/${EXAM}/session`)).status).toBe(403);
    expect((await (await signedIn('far-applicant')).get(`/ms_exams/exams/${EXAM}/session`)).status).toBe(403);
    const { sitting } = await applicant();
    expect(sitting.status).toBe(200);
    expect(sitting.body).toMatchObject({
      session: { status: 'waiting_to_start', remaining_seconds: 2400, time_limit_seconds: 2400 },
      questions: null,
      answers: [],
    });
  });

  it('lets only an invigilator of the school move a session, along the allowed transitions', async () => {
    const { browser, id } = await applicant();
    expect((await server.browser().post(`/ms_exams/sessions/${id}/status`, { status: 'started' })).status).toBe(401);
    expect((await move(browser, id, 'started')).status).toBe(403);
    expect((await move(await signedIn('other-teacher'), id, 'started')).status).toBe(403);
    const teacher = await signedIn('teacher');
    expect((await move(teacher, id, 'begun')).status).toBe(400);
    expect((await move(teacher, id, 'paused')).status).toBe(409);
    expect(await move(teacher, id, 'started')).toMatchObject({ status: 200, body: { status: 'started', remaining_seconds: 2400 } });
    expect(await move(teacher, id, 'waiting_to_start')).toMatchObject({ status: 409, body: { status: 'started' } });
    expect((await move(teacher, id, 'sen_paused')).body).toMatchObject({ status: 'sen_paused' });
    expect((await move(teacher, id, 'started')).body).toMatchObject({ status: 'started' });
    expect((await move(teacher, 999_999, 'started')).status).toBe(404);

    const list = await teacher.get(`/ms_exams/exams/${EXAM}/sessions`);
    expect(list.body?.sessions).toContainEqual(expect.objectContaining({ id_exam_session: id, status: 'started', answered: 0 }));
    expect((await browser.get(`/ms_exams/exams/${EXAM}/sessions`)).status).toBe(403);
  });

  it('sends the questions, without keys, once started; the applicant and the invigilator can read the state', async () => {
    const { browser, id } = await applicant();
    const teacher = await signedIn('teacher');
    await move(teacher, id, 'started');
    const { body } = await browser.get(`/ms_exams/exams/${EXAM}/session`);
    const questions = body?.questions as { type: string }[];
    expect(questions.map((question) => question.type)).toEqual(['choice', 'multi_choice', 'freetext', 'range', 'freetext_mid', 'freetext_long']);
    expect(JSON.stringify(body)).not.toMatch(/accept|keywords|model/);
    expect((await browser.get(`/ms_exams/sessions/${id}`)).body).toMatchObject({ id_exam_session: id, status: 'started' });
    expect((await teacher.get(`/ms_exams/sessions/${id}`)).status).toBe(200);
    expect((await (await signedIn('parent')).get(`/ms_exams/sessions/${id}`)).status).toBe(403);
  });

  it('stores an answer once however often it is sent, and gives back each question’s latest', async () => {
    const { browser, id } = await applicant();
    const first = answer(2001, 'b', { answered_at: 1000 });
    expect((await browser.post(`/ms_exams/sessions/${id}/answers`, first)).status).toBe(409);
    await move(await signedIn('teacher'), id, 'started');

    expect(await browser.post(`/ms_exams/sessions/${id}/answers`, first)).toMatchObject({ status: 201, body: { stored: true } });
    expect(await browser.post(`/ms_exams/sessions/${id}/answers`, first)).toMatchObject({ status: 200, body: { stored: false } });
    expect((await browser.post(`/ms_exams/sessions/${id}/answers`, { ...first, value: 'c' })).status).toBe(409);
    expect(server.db.prepare('SELECT count(*) AS n FROM exam_answers WHERE id_answer = ?').get(first.id_answer)?.n).toBe(1);

    await browser.post(`/ms_exams/sessions/${id}/answers`, answer(2001, 'a', { answered_at: 3000 }));
    await browser.post(`/ms_exams/sessions/${id}/answers`, answer(2002, ['a', 'c'], { answered_at: 2000 }));
    const { body } = await browser.get(`/ms_exams/exams/${EXAM}/session`);
    expect(body?.answers).toEqual([
      { id_question: 2001, value: 'a', answered_at: 3000 },
      { id_question: 2002, value: ['a', 'c'], answered_at: 2000 },
    ]);
  });

  it('refuses malformed answers, answers to another paper’s questions, and anyone but the applicant', async () => {
    const { browser, id } = await applicant();
    await move(await signedIn('teacher'), id, 'started');
    const post = (body: unknown) => browser.post(`/ms_exams/sessions/${id}/answers`, body);
    expect((await post(answer(2001, 'z'))).status).toBe(400);
    expect((await post(answer(101, 'a'))).status).toBe(400);
    expect((await post(answer(2004, 45, { id_answer: 'short' }))).status).toBe(400);
    expect((await post(answer(2004, 45, { answered_at: 'now' }))).status).toBe(400);
    expect((await post('not json')).status).toBe(400);
    expect((await (await signedIn('teacher')).post(`/ms_exams/sessions/${id}/answers`, answer(2001, 'a'))).status).toBe(403);
  });

  it('still takes answers after a pause or the stop (an offline queue draining), not once archived', async () => {
    const { browser, id } = await applicant();
    const teacher = await signedIn('teacher');
    await move(teacher, id, 'started');
    await move(teacher, id, 'paused');
    expect((await browser.post(`/ms_exams/sessions/${id}/answers`, answer(2003, '56'))).status).toBe(201);
    await move(teacher, id, 'stopped');
    expect((await browser.post(`/ms_exams/sessions/${id}/answers`, answer(2004, 45))).status).toBe(201);
    await move(teacher, id, 'archived');
    const late = await browser.post(`/ms_exams/sessions/${id}/answers`, answer(2005, '300 g'));
    expect(late).toMatchObject({ status: 409, body: { message: 'This assessment is archived: answers are not being taken' } });
  });
});

/** Reads a server-sent event stream one `state` event at a time. */
const eventStream = async (path: string, cookie: string) => {
  const controller = new AbortController();
  const response = await fetch(`${server.origin}${path}`, { headers: { Cookie: cookie }, signal: controller.signal });
  const reader = (response.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<Record<string, unknown>> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (block.includes('event: state') && data) return JSON.parse(data.slice(6)) as Record<string, unknown>;
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += value;
    }
  };
  return { response, next, close: () => controller.abort() };
};

describe('live status (server-sent events)', () => {
  it('pushes the state at once and again at every move of the invigilator', async () => {
    const { browser, id } = await applicant();
    const stream = await eventStream(`/ms_exams/sessions/${id}/events`, browser.cookie());
    try {
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(await stream.next()).toMatchObject({ id_exam_session: id, status: 'waiting_to_start' });
      const teacher = await signedIn('teacher');
      await move(teacher, id, 'started');
      expect(await stream.next()).toMatchObject({ status: 'started' });
      await move(teacher, id, 'paused');
      expect(await stream.next()).toMatchObject({ status: 'paused' });
      await move(teacher, id, 'started');
      expect(await stream.next()).toMatchObject({ status: 'started' });
    } finally {
      stream.close();
    }
  });

  it('ends a stream after its lifetime, for the page to reconnect (and a shutdown not to wait on it)', async () => {
    const { browser, id } = await applicant();
    const shortLived = new Hono().route('/ms_exams', examRoutesFor({ db: server.db, hub: createSessionHub(), streamLifetimeMs: 100 }));
    const response = await shortLived.request(`/ms_exams/sessions/${id}/events`, { headers: { Cookie: browser.cookie() } });
    const started = Date.now();
    const text = await response.text();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(text).toContain('event: state');
    expect(text).toContain('retry: 3000');
  });

  it('refuses a stream to anyone but the applicant and the school’s invigilators', async () => {
    const { id } = await applicant();
    expect((await fetch(`${server.origin}/ms_exams/sessions/${id}/events`)).status).toBe(401);
    const parent = await signedIn('parent');
    expect((await fetch(`${server.origin}/ms_exams/sessions/${id}/events`, { headers: { Cookie: parent.cookie() } })).status).toBe(403);
  });
});

describe('seed', () => {
  it('gives the demo applicant a sitting to invigilate and prints where everything is', async () => {
    expect(seedExams(server.db)).toEqual({ demoSession: null });
    await createUser(server.db, { username: 'demo-applicant', password: PASSWORD, base: 'applicant', id_school_customer: 1001 });
    const report = seedExams(server.db);
    expect(report.demoSession).toEqual(expect.any(Number));
    expect(seedExams(server.db)).toEqual(report);
    const lines = examSeedLines(report, 'CODE42').join('\n');
    expect(lines).toContain('/public/taster/oakwood');
    expect(lines).toContain('/public/riverside-summative');
    expect(lines).toContain(`/public/assessments/${EXAM}/CODE42`);
    expect(lines).toContain(`/ms_exams/sessions/${report.demoSession}/status`);
  });
});
