import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ExamAnswer, ExamInfo, ExamSessionState } from '@entry/api';
import { useAuthStore } from '@entry/auth';
import { addTranslations } from '@entry/i18n';
import { queryClient } from '@entry/query';
import { BASE_PATH, createBrowserRouter, routeTable, RouterProvider } from '@entry/routes';
import { AppProviders } from '@entry/ui';
import { assessmentsTexts } from '../../locales/en-gb.ts';
import { AssessmentScreen } from './assessment-screen.tsx';

addTranslations('assessments', assessmentsTexts);

const EXAM: ExamInfo = {
  exam_slug: 'oakwood-entrance-2027',
  school_exam_slug: 'oakwood-entrance',
  title: 'Year 7 entrance assessment 2027',
  summary: '',
  session_type: 'entrance_exam',
  school: { id_school_customer: 1001, name: 'Oakwood School', brand: 'atom', taster_slug: 'oakwood' },
  paper: { subject: 'maths', question_count: 2, time_limit_seconds: 2400 },
};
const QUESTIONS = [
  { id_question: 2001, position: 1, type: 'choice', prompt: 'Which fraction is the largest?', options: [{ id: 'a', label: '2/3' }, { id: 'b', label: '3/5' }] },
  { id_question: 2003, position: 2, type: 'freetext', prompt: 'What is 7 × 8?', max_length: 60 },
];

const sitting = { signedIn: false, status: 'waiting_to_start' as ExamSessionState['status'], version: 1 };
const state = (): ExamSessionState => ({ id_exam_session: 7, status: sitting.status, remaining_seconds: 2400, time_limit_seconds: 2400, version: sitting.version });
const network = { up: true };
const received: ExamAnswer[] = [];
const logins: unknown[] = [];

const server = setupServer(
  mock.get('*/ms_exams/exams/oakwood-entrance-2027', () => HttpResponse.json(EXAM)),
  mock.get('*/ms_exams/exams/oakwood-entrance-2027/session', () =>
    sitting.signedIn
      ? HttpResponse.json({ session: state(), questions: sitting.status === 'started' ? QUESTIONS : null, answers: [] })
      : HttpResponse.json({ message: 'Authentication required' }, { status: 401 }),
  ),
  mock.post('*/ms_accounts/auth/login_with_code', async ({ request }) => {
    logins.push(await request.json());
    sitting.signedIn = true;
    return HttpResponse.json({ id_user: 9, base: 'applicant', id_school_customer: 1001 });
  }),
  mock.get('*/ms_exams/sessions/7', () => HttpResponse.json(state())),
  mock.post('*/ms_exams/sessions/7/answers', async ({ request }) => {
    if (!network.up) return HttpResponse.error();
    received.push((await request.json()) as ExamAnswer);
    return HttpResponse.json({ stored: true }, { status: 201 });
  }),
);

let online = true;
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  useAuthStore.getState().clearSession();
});
afterAll(() => server.close());

const setOnline = (value: boolean) =>
  act(() => {
    online = value;
    network.up = value;
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });

const open = (path: string) => {
  window.history.pushState({}, '', `${BASE_PATH}${path}`);
  const router = createBrowserRouter([{ path: routeTable.assessments.path, element: <AssessmentScreen /> }], { basename: BASE_PATH });
  render(
    <AppProviders brand="atom">
      <RouterProvider router={router} />
    </AppProviders>,
  );
};

describe('assessments portal', () => {
  it('signs in with the code in the address for the exam’s school, then drops the code from the address', async () => {
    open('/assessments/oakwood-entrance-2027/abc234');
    expect(await screen.findByText(/Please wait: your invigilator will start the assessment/, {}, { timeout: 5000 })).toBeTruthy();
    expect(logins).toEqual([{ access_code: 'ABC234', id_school_customer: 1001 }]);
    expect(window.location.pathname).toBe('/public/assessments/oakwood-entrance-2027');
    expect(useAuthStore.getState().user).toMatchObject({ id_user: 9, base: 'applicant' });
  });

  it('asks a visitor without a session for their code, and never for a sitting they cannot have', async () => {
    useAuthStore.getState().clearSession();
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => void asked.push(new URL(request.url).pathname));
    open('/assessments/oakwood-entrance-2027');
    expect(await screen.findByRole('textbox', { name: 'Access code' })).toBeTruthy();
    expect(asked.filter((path) => path.endsWith('/session'))).toEqual([]);
    server.events.removeAllListeners();
  });

  it('signs in with a code in the address even over another session: exam-room computers are shared', async () => {
    sitting.signedIn = true;
    logins.length = 0;
    open('/assessments/oakwood-entrance-2027/NEXT22');
    // The code first leaves the address (a navigation), then signs in.
    expect(await screen.findByText(/Please wait: your invigilator will start the assessment/, {}, { timeout: 5000 })).toBeTruthy();
    expect(logins).toEqual([{ access_code: 'NEXT22', id_school_customer: 1001 }]);
  });

  it('saves answers as they are given, and keeps them on the device while offline', async () => {
    sitting.signedIn = true;
    sitting.status = 'started';
    sitting.version = 2;
    // As the shell leaves it after GET /user: the applicant's session is known before the portal asks.
    useAuthStore.getState().setSession({ id_user: 9, base: 'applicant' });
    const user = userEvent.setup();
    open('/assessments/oakwood-entrance-2027');
    await user.click(await screen.findByRole('radio', { name: '2/3' }));
    await waitFor(() => expect(received.map((answer) => answer.value)).toEqual(['a']));
    expect(received[0]).toMatchObject({ id_question: 2001, id_answer: expect.stringMatching(/^[\w-]{8,}$/) });

    setOnline(false);
    expect(await screen.findByText(/You are offline/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByRole('textbox', { name: 'What is 7 × 8?' }), '56');
    expect(await screen.findByText('1 answer waiting to be sent.')).toBeTruthy();
    expect(received).toHaveLength(1);

    setOnline(true);
    expect(await screen.findByText('All your answers are saved.')).toBeTruthy();
    expect(received.map((answer) => answer.value)).toEqual(['a', '56']);
    expect(screen.getAllByRole('status').some((region) => region.textContent?.includes('All your answers are saved.'))).toBe(true);
  });
});
