import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, MissingParamsError } from '../api-error.ts';
import { recordRequests, server, startTestServer } from '../test-server.ts';
import {
  examSessionEventsUrl,
  getExamSessionState,
  getExamSitting,
  getTasterGroup,
  getTasterLanding,
  listExamSessions,
  saveExamAnswer,
  scoreTasterTest,
  setExamSessionStatus,
} from './exams.ts';

startTestServer();

const STATE = { id_exam_session: 7, status: 'started', remaining_seconds: 60, time_limit_seconds: 600, version: 3 };

describe('exam calls', () => {
  it('reads a taster page by its slug, encoded into the path', async () => {
    const requests = recordRequests();
    server.use(mock.get('*/ms_exams/tasters/:slug', ({ params }) => HttpResponse.json({ school: { name: params.slug }, groups: [], assessments: [] })));
    await expect(getTasterLanding('oak wood')).resolves.toMatchObject({ school: { name: 'oak wood' } });
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/ms_exams/tasters/oak%20wood');
  });

  it('refuses to ask without a slug or an id', async () => {
    await expect(getTasterLanding('')).rejects.toBeInstanceOf(MissingParamsError);
    await expect(getTasterGroup('oakwood', undefined as unknown as number)).rejects.toBeInstanceOf(MissingParamsError);
  });

  it('sends a submitted test’s answers by question id and reads the score', async () => {
    const requests = recordRequests();
    server.use(mock.post('*/ms_exams/tasters/oakwood/tests/1/score', () => HttpResponse.json({ percentage: 80 })));
    await expect(scoreTasterTest('oakwood', 1, { 101: 'c', 102: ['a'], 104: 45 })).resolves.toEqual({ percentage: 80 });
    expect(await requests.at(-1)?.json()).toEqual({ answers: { 101: 'c', 102: ['a'], 104: 45 } });
  });

  it('posts an answer with the page’s own id and tells a first store from a resend', async () => {
    const requests = recordRequests();
    const stored = new Set<string>();
    server.use(
      mock.post('*/ms_exams/sessions/7/answers', async ({ request }) => {
        const { id_answer } = (await request.json()) as { id_answer: string };
        const first = !stored.has(id_answer);
        stored.add(id_answer);
        return HttpResponse.json({ id_answer, stored: first }, { status: first ? 201 : 200 });
      }),
    );
    const answer = { id_answer: 'a1b2c3d4', id_question: 2001, value: 'b', answered_at: 5 };
    await expect(saveExamAnswer(7, answer)).resolves.toMatchObject({ stored: true });
    await expect(saveExamAnswer(7, answer)).resolves.toMatchObject({ stored: false });
    expect(await requests.at(-1)?.json()).toEqual(answer);
  });

  it('polls the session state once per call, without the GET retries (a poll repeats anyway)', async () => {
    let calls = 0;
    server.use(
      mock.get('*/ms_exams/sessions/7', () => {
        calls += 1;
        return HttpResponse.json({ message: 'Internal Server Error' }, { status: 503 });
      }),
    );
    await expect(getExamSessionState(7)).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(1);
  });

  it('reads the sitting, moves a session as an invigilator and lists the sittings', async () => {
    const requests = recordRequests();
    server.use(
      mock.get('*/ms_exams/exams/oakwood-entrance-2027/session', () => HttpResponse.json({ session: STATE, questions: [], answers: [] })),
      mock.post('*/ms_exams/sessions/7/status', () => HttpResponse.json(STATE)),
      mock.get('*/ms_exams/exams/oakwood-entrance-2027/sessions', () => HttpResponse.json({ sessions: [{ id_exam_session: 7 }] })),
    );
    await expect(getExamSitting('oakwood-entrance-2027')).resolves.toMatchObject({ session: { status: 'started' } });
    await expect(setExamSessionStatus(7, 'started')).resolves.toEqual(STATE);
    expect(await requests.at(-1)?.json()).toEqual({ status: 'started' });
    await expect(listExamSessions('oakwood-entrance-2027')).resolves.toEqual([{ id_exam_session: 7 }]);
  });

  it('names the event stream of a session', () => {
    expect(examSessionEventsUrl(7)).toBe('/ms_exams/sessions/7/events');
  });
});
