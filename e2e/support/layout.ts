import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createApplicant, ENTRANCE_EXAM, invigilator } from './exams.ts';
import { expectRunning } from './running.ts';
import { test } from './test.ts';
import { ROUTE_SAMPLES } from './routes.ts';
import { expectTouchFriendly } from './targets.ts';

/** The ways in: signed in, they go on to the signed-in apps at `/`, which are not this site's pages. */
const SIGNED_OUT_ONLY = new Set(['/public/', '/public/login', '/public/register', '/public/register/parent/en-us', '/public/register/tutor']);

export const routesFor = (signedIn: boolean) => ROUTE_SAMPLES.filter(({ path }) => !signedIn || !SIGNED_OUT_ONLY.has(path));

/** Signs the demo parent in over HTTP, as the login form would: the page's context shares the cookie. */
export const signInParent = async (request: APIRequestContext, baseURL: string) => {
  const response = await request.post('/ms_accounts/auth/login', {
    headers: { Origin: new URL(baseURL).origin, 'X-Requested-With': 'XMLHttpRequest' },
    data: { username: 'parent@example.com', password: 'learning-together-42' },
  });
  expect(response.ok()).toBe(true);
};

/**
 * The screen as it stands fits the phone: the page never scrolls sideways, and every label of the
 * top bar stays on one line (its text's boxes all share one line, however tall the target around it).
 */
export const expectFitsScreen = async (page: Page, where: string) => {
  const { scrollWidth, clientWidth, wrapped } = await page.evaluate(() => {
    const root = document.documentElement;
    // A label wraps when one of its words' text runs over more than one line.
    const wraps = (item: Element) => {
      const texts = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        if (!text.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) return true;
      }
      return false;
    };
    const wrapped = [...document.querySelectorAll('header a, header button')]
      .filter((item) => item.textContent?.trim() && wraps(item))
      .map((item) => item.textContent?.trim());
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wrapped };
  });
  expect(scrollWidth, `${where} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
  expect(wrapped, `${where}: labels of the top bar wrap`).toEqual([]);
};

/** Opens every route of the table in turn and checks each fits the screen once its heading is there. */
export const walkRoutes = async (page: Page, signedIn: boolean) => {
  // The samples' headings are atom's; the home names the brand of the project's site.
  const brand = test.info().project.name === 'quest' ? 'Atom Quest' : 'Atom Learning';
  for (const { path, heading } of routesFor(signedIn)) {
    await page.goto(path);
    await expectRunning(page.getByRole('heading', { level: 1, name: heading.replace('Atom Learning', brand) }));
    await expectFitsScreen(page, path);
    await expectTouchFriendly(page, path);
  }
  await page.goto('/public/no/such/page');
  await expectRunning(page.getByRole('heading', { level: 1, name: 'Sorry, this page is missing.' }));
  await expectFitsScreen(page, 'not-found');
  await expectTouchFriendly(page, 'not-found');
};

/** The text sizes of the visible links and buttons in a part of the page (`footer`, `header nav`), each once. */
const textSizesIn = (page: Page, part: string) =>
  page.locator(part).evaluate((element) => [
    ...new Set(
      [...element.querySelectorAll('a, button')].filter((item) => item.checkVisibility() && item.textContent?.trim()).map((item) => getComputedStyle(item).fontSize),
    ),
  ]);

/** A parent's sign-up kept so far (the registration remote's session draft): every step opens. */
const PARENT_DRAFT = {
  purpose: 'exam_preparation',
  parentFirstName: 'Jane',
  parentLastName: 'Patel',
  email: 'a.parent@example.co.uk',
  firstName: 'Maya',
  lastName: 'Patel',
  yearGroup: '4',
  username: 'maya-patel',
};

/** The steps within routes: each of the parent's sign-up and a taster test from intro to result. */
export const walkScreensWithinRoutes = async (page: Page) => {
  const check = async (where: string) => {
    await expectFitsScreen(page, where);
    await expectTouchFriendly(page, where);
  };
  await page.goto('/public/register/parent');
  await page.evaluate((draft) => sessionStorage.setItem('registration.parent-draft', JSON.stringify({ state: { draft }, version: 1 })), PARENT_DRAFT);
  for (const [step, heading] of [
    ['select_plan', 'Choose a plan'],
    ['account', 'Your account'],
    ['student', 'Your child'],
    ['confirm', 'Check and confirm'],
  ] as const) {
    await page.goto(`/public/register/parent?step=${step}`);
    await expectRunning(page.getByRole('heading', { level: 2, name: heading }));
    await check(`parent sign-up: ${step}`);
  }

  await page.goto('/public/taster/oakwood/test/7');
  await expectRunning(page.getByRole('button', { name: 'Start the test' }));
  await check('taster intro');
  await page.getByRole('button', { name: 'Start the test' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Question 1 of/ })).toBeVisible();
  await check('taster question');
  await page.getByRole('button', { name: 'Finish test' }).first().click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await check('taster submit dialog');
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByRole('heading', { name: 'Your result' })).toBeVisible();
  await check('taster result');
};

/**
 * A test on a phone of 720 px or less: the question and its first answer on the first screen, the
 * question map folded behind "All questions" (a 44 px button) until asked for, folded again once a
 * question is picked from it.
 */
export const expectQuestionFirst = async (page: Page, where: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  const viewport = page.viewportSize() as { height: number };
  const firstAnswer = page.getByRole('radio').first().locator('xpath=ancestor::label[1]');
  const box = await firstAnswer.boundingBox();
  expect(box, `${where}: the first answer is laid out`).not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0), `${where}: the first answer is on the first screen`).toBeLessThanOrEqual(viewport.height);
  const map = page.getByRole('navigation', { name: 'Questions' });
  const toggle = map.getByRole('button', { name: 'All questions' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(map.getByRole('button', { name: /^Question 2:/ })).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await map.getByRole('button', { name: /^Question 2:/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Question 2 of/ })).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(map.getByRole('button', { name: /^Question 1:/ })).toBeHidden();
};

/**
 * At 320 and 390 px, every route fits, signed out and then signed in (issue 16), and every screen
 * within them, in the project's brand; every target is at least 44×44 px and every field's text at
 * least 16 px (issue 24, measured by support/targets.ts). At 320×700 a taster test starts with its
 * question, the question map folded.
 */
export const describePhoneLayouts = () => {
  for (const width of [320, 390]) {
    test.describe(`a ${width} px phone`, () => {
      test.use({ viewport: { width, height: 740 } });

      test('every route fits, signed out and then signed in: no sideways scroll, no wrapped bar labels, 44 px targets, 16 px fields', async ({ page, baseURL }) => {
        // About fifty pages, every target of each measured: more than the default minute on a busy machine.
        test.setTimeout(180_000);
        await walkRoutes(page, false);
        await signInParent(page.request, baseURL as string);
        await walkRoutes(page, true);
      });

      test('every screen within the routes fits, with 44 px targets and 16 px fields: sign-up steps, a taster test and its dialog', async ({ page }) => {
        await walkScreensWithinRoutes(page);
      });

      test('the links and buttons of the foot share one text size, and so do those of the top bar, signed out and in', async ({ page, baseURL }) => {
        await page.goto('/public/privacy');
        await expectRunning(page.getByRole('heading', { level: 1, name: 'Privacy notice' }));
        expect(await textSizesIn(page, 'footer')).toHaveLength(1);
        expect(await textSizesIn(page, 'header nav')).toHaveLength(1);
        await signInParent(page.request, baseURL as string);
        await page.reload();
        await expectRunning(page.getByRole('button', { name: 'Log out' }));
        expect(await textSizesIn(page, 'header nav')).toHaveLength(1);
      });
    });
  }

  for (const width of [320, 390]) {
    test.describe(`an assessment on a ${width}×700 phone`, () => {
      test.use({ viewport: { width, height: 700 } });

      test('names the candidate whole and starts with the question, the question map folded until asked for', async ({ page, baseURL }, testInfo) => {
        const applicant = createApplicant(undefined, testInfo.project.name === 'quest' ? 'quest' : 'atom');
        const teacher = await invigilator(baseURL as string);
        try {
          await page.goto(`/public/assessments/${ENTRANCE_EXAM}`);
          await page.getByRole('textbox', { name: 'Access code' }).fill(applicant.code);
          await page.getByRole('button', { name: 'Sign in' }).click();
          await expect(page.getByRole('status').filter({ hasText: 'Please wait' })).toBeVisible();
          await teacher.move(await teacher.sessionOf(applicant.id_user), 'started');
          await expect(page.getByRole('heading', { level: 2, name: /^Question 1 of/ })).toBeVisible();

          // The applicant's username is long (e2e-applicant-<time>-<random>): it wraps, all of it shown.
          const name = page.locator('header').getByText(applicant.username, { exact: true });
          await expect(name).toBeInViewport({ ratio: 1 });
          expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
          await expectFitsScreen(page, 'assessment');
          await expectTouchFriendly(page, 'assessment');
          await expectQuestionFirst(page, 'assessment');
        } finally {
          await teacher.dispose();
        }
      });
    });
  }

  test.describe('a 320×700 phone during a taster test', () => {
    test.use({ viewport: { width: 320, height: 700 } });

    test('shows the question and its first answer without scrolling, the question map folded until asked for', async ({ page }) => {
      await page.goto('/public/taster/oakwood/test/7');
      await expectRunning(page.getByRole('button', { name: 'Start the test' }));
      await page.getByRole('button', { name: 'Start the test' }).click();
      await expect(page.getByRole('heading', { level: 2, name: /^Question 1 of/ })).toBeVisible();
      await expectQuestionFirst(page, 'taster');
    });
  });
};
