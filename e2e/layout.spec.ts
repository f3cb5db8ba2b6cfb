import { expect, test } from './support/test.ts';
import { answerCookieBanner } from './support/cookie-choice.ts';
import { createApplicant, ENTRANCE_EXAM, invigilator } from './support/exams.ts';
import { describePhoneLayouts, expectFitsScreen, expectQuestionFirst } from './support/layout.ts';
import { expectTouchFriendly } from './support/targets.ts';

/** Issue 16: phones first. Parents and pupils mostly arrive on one. */
test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

describePhoneLayouts();

test.describe('the parent’s confirm step on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 740 } });

  test('shows every value whole, each with its Change link beside or under it', async ({ page }) => {
    const draft = {
      purpose: 'exam_preparation',
      parentFirstName: 'Jane',
      parentLastName: 'Patel-Richardson',
      email: 'a.very.long.address.for.a.parent@example-school.co.uk',
      firstName: 'Maya-Louise',
      lastName: 'Patel-Richardson',
      yearGroup: '4',
      username: 'maya-louise-patel',
    };
    await page.goto('/public/demo');
    await page.evaluate((value) => sessionStorage.setItem('registration.parent-draft', JSON.stringify({ state: { draft: value }, version: 1 })), draft);
    await page.goto('/public/register/parent?step=confirm');
    await expect(page.getByRole('heading', { level: 2, name: 'Check and confirm' })).toBeVisible();
    for (const value of [draft.email, 'Maya-Louise Patel-Richardson, Year 4']) {
      const shown = page.getByText(value, { exact: true });
      await expect(shown).toBeVisible();
      const box = await shown.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(320);
      // Wrapped, not cut: all of it is laid out.
      expect(await shown.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    for (const link of await page.getByRole('link', { name: /^Change:/ }).all()) await expect(link).toBeInViewport();
    await expectFitsScreen(page, 'confirm');
  });
});

test.describe('an assessment on a 320×700 phone', () => {
  test.use({ viewport: { width: 320, height: 700 } });

  test('names the candidate whole and starts with the question, the question map folded until asked for', async ({ page, baseURL }) => {
    const applicant = createApplicant();
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
