import { expect, test } from './support/test.ts';
import { answerCookieBanner } from './support/cookie-choice.ts';
import { describePhoneLayouts, expectFitsScreen } from './support/layout.ts';

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
