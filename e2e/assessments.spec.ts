import { expect, test as base, type Page } from './support/test.ts';
import { answerRows, createApplicant, ENTRANCE_EXAM, invigilator, storedAnswers } from './support/exams.ts';
import { expectCleanUnderAxe } from './support/axe.ts';

/** The demo teacher as this test's invigilator, signed in over HTTP and let go after the test. */
const test = base.extend<{ teacher: Awaited<ReturnType<typeof invigilator>> }>({
  teacher: async ({ baseURL }, use) => {
    const teacher = await invigilator(baseURL as string);
    await use(teacher);
    },
});

const PORTAL = `/public/assessments/${ENTRANCE_EXAM}`;
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const question = (page: Page, number: number) => page.getByRole('heading', { level: 2, name: `Question ${number} of 6` });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Questions' });
const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();


/** The answers the tests give, question by question (ids: paper 20, position 1 to 6). */
const ANSWERS = { 2001: 'a', 2002: ['a', 'c', 'e'], 2003: '56', 2004: 45, 2005: '300 g, because 50 g each', 2006: 'The beach at dawn.' };

const answerQuestion = async (page: Page, id: keyof typeof ANSWERS) => {
  switch (id) {
    case 2001:
      return page.getByRole('radio', { name: '2/3' }).check();
    case 2002:
      for (const square of ['16', '36', '81']) await page.getByRole('checkbox', { name: square, exact: true }).check();
      return;
    case 2003:
      return page.getByRole('textbox').fill('56');
    case 2004: {
      const slider = page.getByRole('slider');
      for (let step = 0; step < 9; step += 1) await slider.press('ArrowRight');
      return expect(page.getByText('45 minutes', { exact: true })).toBeVisible();
    }
    case 2005:
      return page.getByRole('textbox').fill(ANSWERS[2005]);
    case 2006:
      return page.getByRole('textbox').fill(ANSWERS[2006]);
  }
};

/** A new applicant signed in at the portal with their code; the sitting's id, found as the invigilator finds it. */
const signIn = async (page: Page, teacher: { sessionOf: (id_user: number) => Promise<number> }) => {
  const applicant = createApplicant();
  await page.goto(`${PORTAL}/${applicant.code}`);
  await expect(status(page, 'You are signed in. Please wait')).toBeVisible();
  return teacher.sessionOf(applicant.id_user);
};

test('the school landing says what the assessment is, how to start and where to practise', async ({ page }) => {
  await page.goto('/public/oakwood-entrance');
  await expect(heading(page, 'School assessment')).toBeVisible();
  await expect(page.getByText('Oakwood School: Year 7 entrance assessment 2027')).toBeVisible();
  await expect(page.getByText('Entrance assessment', { exact: true })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '40 minutes' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the assessment page' })).toHaveAttribute('href', PORTAL);
  await expect(page.getByRole('link', { name: 'Try Oakwood School’s taster tests' })).toHaveAttribute('href', '/public/taster/oakwood');
  await expectCleanUnderAxe(page);

  await page.goto('/public/riverside-summative');
  await expect(page.getByText('Summative assessment', { exact: true })).toBeVisible();
  const missing = await page.goto('/public/no-such-assessment');
  expect(missing?.status()).toBe(404);
  await expect(heading(page, 'Sorry, this page is missing.')).toBeVisible();
});

test('started by code, then paused and resumed by the invigilator while the page follows', async ({ page, teacher }) => {
  const id = await signIn(page, teacher);
  // The spent code leaves the address.
  await expect(page).toHaveURL(new RegExp(`${PORTAL}$`));
  await expect(page.getByText('Year 7 entrance assessment 2027, Oakwood School')).toBeVisible();
  await expectCleanUnderAxe(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

  await teacher.move(id, 'not_active');
  await expect(status(page, 'This assessment is not open for you at the moment.')).toBeVisible();
  await teacher.move(id, 'waiting_to_start');
  await expect(status(page, 'You are signed in. Please wait')).toBeVisible();
  await expect(page.getByText('The assessment has 6 questions and lasts 40 minutes.')).toBeVisible();
  await teacher.move(id, 'started');
  await expect(question(page, 1)).toBeVisible();
  await expect(page.getByRole('timer', { name: 'Time left' })).toContainText(/(40:00|39:\d\d)/);
  await answerQuestion(page, 2001);
  await next(page);
  await answerQuestion(page, 2002);
  await expect.poll(() => storedAnswers(id)).toEqual({ 2001: 'a', 2002: ['a', 'c', 'e'] });
  await expectCleanUnderAxe(page);

  await teacher.move(id, 'paused');
  await expect(status(page, 'Your invigilator has paused the assessment.')).toBeVisible();
  await expect(question(page, 2)).toHaveCount(0);
  await teacher.move(id, 'started');
  await expect(question(page, 2)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: '36', exact: true })).toBeChecked();

  await teacher.move(id, 'sen_paused');
  await expect(status(page, 'Your assessment is paused for a rest break.')).toBeVisible();
  await teacher.move(id, 'started');
  await next(page);
  await answerQuestion(page, 2003);
  await expect.poll(() => storedAnswers(id)[2003]).toBe('56');

  await teacher.move(id, 'stopped');
  await expect(status(page, 'The assessment has ended. Thank you: your answers have been saved.')).toBeVisible();
  await expect(nav(page)).toHaveCount(0);
  await teacher.move(id, 'archived');
  await expect(status(page, 'This assessment is closed.')).toBeVisible();
  // Followed, never reloaded.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('with the network cut mid-test, answers wait on the computer and all reach the server when it is back', async ({ page, context, teacher }) => {
  const id = await signIn(page, teacher);
  await teacher.move(id, 'started');
  await answerQuestion(page, 2001);
  await expect.poll(() => storedAnswers(id)).toEqual({ 2001: 'a' });

  await context.setOffline(true);
  await expect(status(page, 'You are offline.')).toBeVisible();
  for (const answer of [2002, 2003, 2004, 2005, 2006] as const) {
    await next(page);
    await answerQuestion(page, answer);
  }
  await expect(status(page, '5 answers waiting to be sent.')).toBeVisible();
  expect(storedAnswers(id)).toEqual({ 2001: 'a' });

  await context.setOffline(false);
  await expect(status(page, 'All your answers are saved.')).toBeVisible({ timeout: 15_000 });
  expect(storedAnswers(id)).toEqual(ANSWERS);
  // Each answer stored once: no id twice, and one row per question given once.
  const rows = answerRows(id);
  expect(new Set(rows.map((row) => row.id_answer)).size).toBe(rows.length);
});

test('a reload mid-test comes back to the same question with the same answers', async ({ page, teacher }) => {
  const id = await signIn(page, teacher);
  await teacher.move(id, 'started');
  await answerQuestion(page, 2001);
  await next(page);
  await answerQuestion(page, 2002);
  await next(page);
  await answerQuestion(page, 2003);
  await page.getByRole('button', { name: 'Flag for review' }).click();
  await next(page);
  await expect(question(page, 4)).toBeVisible();

  await page.reload();
  await expect(question(page, 4)).toBeVisible();
  await expect(nav(page).getByRole('button', { name: 'Question 3: answered, flagged for review' })).toBeVisible();
  await nav(page).getByRole('button', { name: /^Question 2:/ }).click();
  await expect(page.getByRole('checkbox', { name: '16', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: '24', exact: true })).not.toBeChecked();
  await nav(page).getByRole('button', { name: /^Question 3:/ }).click();
  await expect(page.getByRole('textbox')).toHaveValue('56');
});

test('a wrong access code is refused in words, and the right one can be typed in', async ({ page }) => {
  const applicant = createApplicant();
  await page.goto(`${PORTAL}/WRONG2CODE`);
  const field = page.getByRole('textbox', { name: 'Access code' });
  // Under the field, and as a link to it in the form's error summary.
  await expect(page.getByText('This access code is not valid or has expired. Check it with your invigilator.', { exact: true }).last()).toBeVisible();
  // The focus goes to the form's error summary, which links to the field (ADR 021).
  await expect(page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'There is a problem' }) })).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectCleanUnderAxe(page);
  await field.fill(applicant.code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(status(page, 'You are signed in. Please wait')).toBeVisible();
});

test('an unknown assessment is a missing page, answered 404', async ({ page }) => {
  const missing = await page.goto('/public/assessments/entrance-2027/CODE42');
  expect(missing?.status()).toBe(404);
  await expect(heading(page, 'Sorry, this page is missing.')).toBeVisible();
});

test('during the sitting the frame names the candidate and offers no way out; it tells “started” once and “saved” once', async ({ page, context, teacher }) => {
  const applicant = createApplicant();
  await page.goto(`${PORTAL}/${applicant.code}`);
  await expect(status(page, 'You are signed in. Please wait')).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner).toContainText('Candidate');
  await expect(banner).toContainText(applicant.username);
  await expect(banner.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);

  const id = await teacher.sessionOf(applicant.id_user);
  await teacher.move(id, 'started');
  await expect(question(page, 1)).toBeFocused();
  // Said to screen readers, not left on the screen for the whole test.
  await expect(status(page, 'The assessment has started.')).toBeAttached();
  await expect(page.getByText('The assessment has started.')).toHaveClass('visually-hidden');
  await expectCleanUnderAxe(page);

  // Answers kept through a cut, all sent once it is back; then the invigilator ends the sitting.
  await context.setOffline(true);
  await answerQuestion(page, 2001);
  await expect(status(page, '1 answer waiting to be sent.')).toBeVisible();
  await context.setOffline(false);
  await expect(status(page, 'All your answers are saved.')).toBeVisible({ timeout: 15_000 });
  await teacher.move(id, 'stopped');
  await expect(status(page, 'The assessment has ended. Thank you: your answers have been saved.')).toBeVisible();
  await expect(page.getByText(/saved/).filter({ visible: true })).toHaveCount(1);
  // Over: the frame's links come back.
  await expect(banner.getByRole('link', { name: 'Help and contact' })).toBeVisible();
});
