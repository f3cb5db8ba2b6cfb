import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ExamQuestion, TasterTest } from '@entry/api';
import { addTranslations } from '@entry/i18n';
import { queryClient } from '@entry/query';
import { BASE_PATH, createBrowserRouter, routeTable, RouterProvider } from '@entry/routes';
import { AppProviders } from '@entry/ui';
import { tasterTexts } from '../../locales/en-gb.ts';
import { TestScreen } from './test-screen.tsx';

addTranslations('taster', tasterTexts);

const QUESTIONS: ExamQuestion[] = [
  { id_question: 101, position: 1, type: 'choice', prompt: 'Three quarters of 20?', options: [{ id: 'a', label: '10' }, { id: 'b', label: '15' }] },
  { id_question: 102, position: 2, type: 'multi_choice', prompt: 'Primes?', options: [{ id: 'a', label: '2' }, { id: 'b', label: '9' }, { id: 'c', label: '11' }] },
  { id_question: 103, position: 3, type: 'freetext', prompt: '0.25 as a fraction?', max_length: 60 },
  { id_question: 104, position: 4, type: 'range', prompt: 'Half a right angle?', min: 0, max: 180, step: 5, unit: '°' },
  { id_question: 105, position: 5, type: 'freetext_mid', prompt: 'Check 48 ÷ 6 = 8?', max_length: 400 },
  { id_question: 106, position: 6, type: 'freetext_long', prompt: 'The trip’s cost?', max_length: 3000 },
];
const TEST: TasterTest = {
  school: { id_school_customer: 1001, name: 'Oakwood School', brand: 'atom', taster_slug: 'oakwood' },
  group: { id_exam_group: 1, name: 'Year 7 entry', description: '', test_count: 1 },
  test: { id_exam_config: 1, id_exam_group: 1, title: 'Maths warm-up', subject: 'maths', difficulty: 'easy', time_limit_seconds: 480, scoring_method: 'PERCENTAGE', question_count: 6 },
  questions: QUESTIONS,
};

const scored: unknown[] = [];
const server = setupServer(
  mock.get('*/ms_exams/tasters/oakwood/tests/1', () => HttpResponse.json(TEST)),
  mock.get('*/ms_exams/tasters/oakwood/tests/9', () => HttpResponse.json({ message: 'Resource not found' }, { status: 404 })),
  mock.post('*/ms_exams/tasters/oakwood/tests/1/score', async ({ request }) => {
    scored.push(await request.json());
    return HttpResponse.json({
      correct: 4,
      marked: 5,
      total: 6,
      percentage: 80,
      questions: QUESTIONS.map(({ id_question }) => ({
        id_question,
        correct: id_question === 106 ? null : id_question !== 104,
        expected: id_question === 104 ? '45°' : 'x',
        // The explanation is an extension of the reference server: the page does without it.
        ...(id_question === 104 ? { explanation: 'A right angle is 90°, and half of 90° is 45°.' } : {}),
      })),
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  queryClient.clear();
  localStorage.clear();
});
afterAll(() => server.close());

const open = (path: string) => {
  window.history.pushState({}, '', `${BASE_PATH}${path}`);
  const router = createBrowserRouter([{ path: routeTable.tasterTest.path, element: <TestScreen /> }], { basename: BASE_PATH });
  render(
    <AppProviders brand="atom">
      <RouterProvider router={router} />
    </AppProviders>,
  );
};

describe('familiarisation test', () => {
  it('is taken from the start to the score, with every question type, flags and a confirmation', async () => {
    const user = userEvent.setup();
    open('/taster/oakwood/test/1');
    expect(await screen.findByText('6 questions · 8 minutes · Easy')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start the test' }));
    expect(screen.getByRole('timer', { name: 'Time left' }).textContent).toMatch(/8:00|7:59/);

    await user.click(screen.getByRole('radio', { name: '15' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Question 2 of 6' }));
    await user.click(screen.getByRole('checkbox', { name: '2' }));
    await user.click(screen.getByRole('checkbox', { name: '11' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByRole('textbox', { name: '0.25 as a fraction?' }), '1/4');
    await user.click(screen.getByRole('button', { name: 'Flag for review' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const slider = screen.getByRole('slider', { name: 'Half a right angle?' });
    expect(slider.getAttribute('aria-valuetext')).toBe('Not answered yet');
    fireEvent.change(slider, { target: { value: '90' } });
    expect(slider.getAttribute('aria-valuetext')).toBe('90°');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByRole('textbox'), 'Multiply 8 by 6');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByRole('textbox'), 'It costs £336');
    expect(screen.getByText('3 words')).toBeTruthy();

    const nav = screen.getByRole('navigation', { name: 'Questions' });
    expect(within(nav).getByRole('button', { name: 'Question 3: answered, flagged for review' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Question 6: answered' }).getAttribute('aria-current')).toBe('step');

    await user.click(screen.getAllByRole('button', { name: 'Finish test' })[0] as HTMLElement);
    const dialog = await screen.findByRole('alertdialog', { name: 'Submit your answers?' });
    expect(dialog.textContent).toContain('You have answered 6 of 6 questions. 1 question is flagged for review.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit answers' }));

    expect(await screen.findByText('Well done: you got 4 questions right.')).toBeTruthy();
    expect(scored).toEqual([{ answers: { 101: 'b', 102: ['a', 'c'], 103: '1/4', 104: 90, 105: 'Multiply 8 by 6', 106: 'It costs £336' } }]);
    // What went well comes first, by question; the percentage is a detail after it.
    const wentWell = screen.getByRole('heading', { name: 'What went well' }).nextElementSibling as HTMLElement;
    expect(within(wentWell).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Question 1: Three quarters of 20?',
      'Question 2: Primes?',
      'Question 3: 0.25 as a fraction?',
      'Question 5: Check 48 ÷ 6 = 8?',
    ]);
    expect(screen.getByText('4 of 5 marked questions right (80%).')).toBeTruthy();
    // A miss is "Not quite", with the right answer and why; an answer without an explanation has no "Why".
    const miss = screen.getByRole('heading', { name: 'Question 4 of 6: Not quite' }).closest('li') as HTMLElement;
    expect(within(miss).getAllByRole('definition').map((item) => item.textContent)).toEqual(['90°', '45°', 'A right angle is 90°, and half of 90° is 45°.']);
    expect(within(miss).getAllByRole('term').map((item) => item.textContent)).toEqual(['Your answer', 'The right answer', 'Why']);
    const hit = screen.getByRole('heading', { name: 'Question 1 of 6: Right' }).closest('li') as HTMLElement;
    expect(within(hit).getAllByRole('term').map((item) => item.textContent)).toEqual(['Your answer', 'The right answer']);
    expect(screen.queryByText(/Wrong/)).toBeNull();
    // The next step: an account, or another taster from the same school.
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(`${BASE_PATH}/register`);
    expect(screen.getByRole('link', { name: 'Try another test from Oakwood School' }).getAttribute('href')).toBe(`${BASE_PATH}/taster/oakwood`);
    expect(JSON.parse(localStorage.getItem('taster:oakwood:1') as string)).toMatchObject({ progress: 'finished', result: { percentage: 80 } });
  });

  it('picks up where the visitor left off: the same question and answers', async () => {
    localStorage.setItem(
      'taster:oakwood:1',
      JSON.stringify({ progress: 'in_progress', answers: { 103: '1/4' }, flagged: [103], position: 2, deadline: Date.now() + 60_000, result: null }),
    );
    open('/taster/oakwood/test/1');
    expect(await screen.findByRole('heading', { name: 'Question 3 of 6' })).toBeTruthy();
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('1/4');
    expect(screen.getByRole('button', { name: 'Flagged for review' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps its heading and says so when the test does not exist', async () => {
    open('/taster/oakwood/test/9');
    expect(await screen.findByText(/We could not find this test/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Familiarisation test' })).toBeTruthy();
  });
});
