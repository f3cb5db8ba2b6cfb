import { expect, test, type Page } from './support/test.ts';
import { answerCookieBanner } from './support/cookie-choice.ts';
import { tabTo } from './support/keyboard.ts';
import { expectCleanUnderAxe } from './support/axe.ts';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const question = (page: Page, number: number, total = 6) => page.getByRole('heading', { level: 2, name: `Question ${number} of ${total}` });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Questions' });

test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));


test('a taster from the school’s landing to the result, with every question type', async ({ page }) => {
  await page.goto('/public/taster/oakwood');
  await expect(heading(page, 'Try a taster test')).toBeVisible();
  await expect(page.getByText(/Familiarisation tests from Oakwood School/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Year 7 entry (11+)' })).toBeVisible();
  await expectCleanUnderAxe(page);
  await page.getByRole('link', { name: 'See the tests: Year 7 entry (11+)' }).click();

  await expect(heading(page, 'Choose a familiarisation test')).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Maths warm-up' }) });
  for (const fact of ['Maths', '6', '8 minutes', 'Easy', 'Not started']) {
    await expect(card.getByRole('definition').filter({ hasText: new RegExp(`^${fact}$`) })).toBeVisible();
  }
  await expectCleanUnderAxe(page);
  await card.getByRole('link', { name: 'Start: Maths warm-up' }).click();

  await expect(heading(page, 'Familiarisation test')).toBeVisible();
  await expect(page.getByText('6 questions · 8 minutes · Easy')).toBeVisible();
  await page.getByRole('button', { name: 'Start the test' }).click();
  await expect(page.getByRole('timer', { name: 'Time left' })).toContainText(/[78]:\d\d/);

  // choice
  await expect(question(page, 1)).toBeVisible();
  await page.getByRole('radio', { name: '15' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  // multi_choice
  await expect(question(page, 2)).toBeFocused();
  for (const prime of ['2', '11', '17']) await page.getByRole('checkbox', { name: prime, exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  // freetext, flagged to come back to
  await page.getByRole('textbox', { name: 'Write 0.25 as a fraction in its simplest form.' }).fill('1/4');
  await page.getByRole('button', { name: 'Flag for review' }).click();
  await expect(page.getByRole('button', { name: 'Flagged for review', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Next' }).click();
  // range: 90 where 45 is right, so the score is 4 of the 5 marked questions
  const slider = page.getByRole('slider');
  await expect(slider).toHaveAccessibleDescription(/from 0 to 180°/);
  for (let step = 0; step < 18; step += 1) await slider.press('ArrowRight');
  await expect(page.getByText('90°', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  // freetext_mid
  await page.getByRole('textbox', { name: /check that 48 ÷ 6 = 8/ }).fill('Multiply 8 by 6 and you get 48.');
  await page.getByRole('button', { name: 'Next' }).click();
  // freetext_long
  await page.getByRole('textbox', { name: /school trip costs £12/ }).fill('28 × 10 = 280 and 28 × 2 = 56, so £336 in all.');
  await expect(page.getByText('15 words')).toBeVisible();

  await expect(nav(page).getByRole('button', { name: 'Question 3: answered, flagged for review' })).toBeVisible();
  await expect(nav(page).getByRole('button', { name: 'Question 6: answered' })).toHaveAttribute('aria-current', 'step');
  await expectCleanUnderAxe(page);

  await page.getByRole('button', { name: 'Finish test' }).first().click();
  const dialog = page.getByRole('alertdialog', { name: 'Submit your answers?' });
  await expect(dialog).toContainText('You have answered 6 of 6 questions. 1 question is flagged for review.');
  await dialog.getByRole('button', { name: 'Submit answers' }).click();

  await expect(page.getByRole('heading', { name: 'Your result' })).toBeFocused();
  // What went well first, in words; the percentage after it.
  await expect(page.getByText('Well done: you got 4 questions right.')).toBeVisible();
  const wentWell = page.locator('h3:text-is("What went well") + ul').getByRole('listitem');
  await expect(wentWell).toHaveText([
    'Question 1: What is three quarters of 20?',
    'Question 2: Which of these numbers are prime?',
    'Question 3: Write 0.25 as a fraction in its simplest form.',
    'Question 5: Explain how you could check that 48 ÷ 6 = 8 without dividing.',
  ]);
  await expect(page.getByText('4 of 5 marked questions right (80%).')).toBeVisible();
  // Every answer explained: a miss is "Not quite", with the right answer and why.
  await expect(page.getByRole('heading', { level: 2, name: 'Every answer explained' })).toBeVisible();
  const rangeReview = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Question 4 of 6: Not quite' }) });
  await expect(rangeReview.getByRole('definition')).toHaveText(['90°', '45°', 'A right angle is 90°, and half of 90° is 45°.']);
  const rightReview = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Question 1 of 6: Right' }) });
  await expect(rightReview.getByRole('definition').last()).toHaveText('A quarter of 20 is 20 ÷ 4 = 5, so three quarters is 3 × 5 = 15.');
  await expect(page.getByRole('heading', { name: 'Question 6 of 6: Not marked automatically' })).toBeVisible();
  await expect(page.getByText(/Wrong|You scored/)).toHaveCount(0);
  // The next step: an account, or another taster of the same school.
  await expect(page.getByRole('heading', { level: 2, name: 'What next' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up', exact: true }).last()).toHaveAttribute('href', '/public/register');
  await expectCleanUnderAxe(page);

  await page.getByRole('link', { name: 'Try another test from Oakwood School' }).click();
  await expect(heading(page, 'Try a taster test')).toBeVisible();
  await page.getByRole('link', { name: 'See the tests: Year 7 entry (11+)' }).click();
  await expect(card.getByRole('definition').filter({ hasText: 'Finished, 80%' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'See your result: Maths warm-up' })).toBeVisible();
});

test('progress survives a reload: the same question, the same answers, the clock still running', async ({ page }) => {
  await page.goto('/public/taster/oakwood/test/2');
  await page.getByRole('button', { name: 'Start the test' }).click();
  await page.getByRole('radio', { name: 'The time when it is getting dark' }).check();
  await nav(page).getByRole('button', { name: /^Question 3:/ }).click();
  await page.getByRole('textbox').fill('lighthouse keepers');
  await page.getByRole('button', { name: 'Flag for review' }).click();

  await page.reload();
  await expect(question(page, 3)).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveValue('lighthouse keepers');
  await expect(page.getByRole('button', { name: 'Flagged for review', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('timer', { name: 'Time left' })).toContainText(/1[12]:\d\d/);
  await nav(page).getByRole('button', { name: 'Question 1: answered' }).click();
  await expect(page.getByRole('radio', { name: 'The time when it is getting dark' })).toBeChecked();

  await page.goto('/public/taster/oakwood/selection/1');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'English: reading and writing' }) });
  await expect(card.getByRole('definition').filter({ hasText: 'In progress' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Continue: English: reading and writing' })).toBeVisible();
});

test('a test whose time ran out while the visitor was away is over: not finished, and marked', async ({ page }) => {
  await page.goto('/public/taster/oakwood/test/3');
  await page.getByRole('button', { name: 'Start the test' }).click();
  await page.getByRole('radio', { name: 'carrot' }).check();
  // The deadline was set at the start; move it into the past, as if the visitor came back late.
  await page.evaluate(() => {
    const key = 'taster:oakwood:3';
    const stored = JSON.parse(localStorage.getItem(key) as string) as { deadline: number };
    localStorage.setItem(key, JSON.stringify({ ...stored, deadline: Date.now() - 1000 }));
  });
  await page.reload();
  await expect(page.getByText('The time ran out before you submitted; the answers you gave have been marked.')).toBeVisible();
  await expect(page.getByText('Well done: you got 1 question right.')).toBeVisible();
  await expect(page.getByText('1 of 3 marked questions right (33%).')).toBeVisible();
  await page.goto('/public/taster/oakwood/selection/1');
  await expect(page.getByRole('definition').filter({ hasText: 'Time ran out, 33%' })).toBeVisible();
});

test('a taster can be taken from start to score with the keyboard alone', async ({ page }) => {
  await page.goto('/public/taster/oakwood/selection/1');
  await expect(heading(page, 'Choose a familiarisation test')).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Start: Maths warm-up' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Start the test' }));
  await page.keyboard.press('Enter');

  const next = async () => {
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
  };
  // choice: into the radio group, then arrows
  await tabTo(page, page.getByRole('radio', { name: '10' }));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: '15' })).toBeChecked();
  await next();
  // multi_choice: tab to each box, space to tick
  for (const prime of ['2', '11', '17']) {
    await tabTo(page, page.getByRole('checkbox', { name: prime, exact: true }));
    await page.keyboard.press('Space');
  }
  await next();
  await tabTo(page, page.getByRole('textbox'));
  await page.keyboard.type('1/4');
  await next();
  await tabTo(page, page.getByRole('slider'));
  for (let step = 0; step < 9; step += 1) await page.keyboard.press('ArrowRight');
  await expect(page.getByText('45°', { exact: true })).toBeVisible();
  await next();
  await tabTo(page, page.getByRole('textbox'));
  await page.keyboard.type('8 times 6 is 48');
  await next();
  await tabTo(page, page.getByRole('textbox'));
  await page.keyboard.type('28 x 12 = 336');

  await tabTo(page, page.getByRole('button', { name: 'Finish test' }).last());
  await page.keyboard.press('Enter');
  const submit = page.getByRole('alertdialog').getByRole('button', { name: 'Submit answers' });
  await tabTo(page, submit, 5);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Every marked answer right: well done!')).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Sign up', exact: true }).last());
});

test('an unknown test says it is not found, under the screen’s heading', async ({ page }) => {
  await page.goto('/public/taster/oakwood/test/20');
  await expect(page.getByText('We could not find this test.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});

test('the second school (a quest school) has its own tasters, every question type included', async ({ page }) => {
  await page.goto('/public/taster/riverside');
  await expect(page.getByText(/Familiarisation tests from Riverside Academy/)).toBeVisible();
  await page.getByRole('link', { name: 'See the tests: Year 7 end-of-year check' }).click();
  await page.getByRole('link', { name: 'Start: Maths: end of Year 7' }).click();
  await page.getByRole('button', { name: 'Start the test' }).click();
  await expect(question(page, 1)).toBeVisible();
  await expect(nav(page).getByRole('button')).toHaveCount(6);
  await expectCleanUnderAxe(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 740 } });

  test('a test under way keeps the frame shut, its clock in view, its controls thumb-sized and the focus where it acts', async ({ page }) => {
    await page.goto('/public/taster/oakwood/test/1');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.getByRole('button', { name: 'Start the test' }).click();
    // After the start the reading goes on at the question, not at the top of the page.
    await expect(question(page, 1)).toBeFocused();
    // The frame offers no way out: no link in the bar, no footer, no way back to the list.
    await expect(banner).toContainText('Atom Learning');
    await expect(banner.getByRole('link')).toHaveCount(0);
    await expect(banner.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to the list of tests' })).toHaveCount(0);

    // Every control of the test on screen is at least 44 px high (the question map is folded on a phone).
    const heights = await page.locator('main').evaluate((main) =>
      [...main.querySelectorAll('button, label.question-option, input[type="range"], .question-text')]
        .filter((control) => control.getClientRects().length > 0)
        .map((control) => [control.textContent?.trim() || control.getAttribute('aria-label'), control.getBoundingClientRect().height]),
    );
    expect(heights.filter(([, height]) => (height as number) < 44)).toEqual([]);

    // The key's Answered swatch is drawn like an answered question's button.
    await page.getByRole('radio', { name: '15' }).check();
    const fill = (selector: string) => page.locator(selector).first().evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await fill('.question-nav-key[data-answered]')).toBe(await fill('.question-nav-button[data-answered]'));

    // The slider spans the question and shows no answer before one is given.
    await nav(page).getByRole('button', { name: 'All questions' }).click();
    await nav(page).getByRole('button', { name: /^Question 4:/ }).click();
    const slider = page.getByRole('slider');
    await expect(slider).toHaveAttribute('aria-valuetext', 'Not answered yet');
    await expect(page.getByText('Not answered yet', { exact: true })).toBeVisible();
    const card = await page.locator('.question-card').boundingBox();
    const track = await slider.boundingBox();
    expect(track?.width ?? 0).toBeGreaterThan((card?.width ?? 0) * 0.8);

    // The longest question scrolls; the clock stays on screen.
    await nav(page).getByRole('button', { name: 'All questions' }).click();
    await nav(page).getByRole('button', { name: /^Question 6:/ }).click();
    await page.getByRole('textbox').fill('A long answer.\n'.repeat(30));
    await page.getByRole('button', { name: 'Finish test' }).last().scrollIntoViewIfNeeded();
    await expect(page.getByRole('timer', { name: 'Time left' })).toBeInViewport();

    // Closing the submit dialog gives the focus back to the button that opened it.
    const finish = page.getByRole('button', { name: 'Finish test' }).last();
    await finish.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Keep going' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(finish).toBeFocused();
  });
});
