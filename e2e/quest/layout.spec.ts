import { test } from '../support/test.ts';
import { signInParent, walkRoutes } from '../support/layout.ts';

/** Issue 16, in the quest brand: every route fits a phone, signed out and signed in. */
for (const width of [320, 390]) {
  test.describe(`a ${width} px phone`, () => {
    test.use({ viewport: { width, height: 740 } });

    test('every route fits, signed out and then signed in: no sideways scroll, no wrapped bar labels', async ({ page, baseURL }) => {
      await walkRoutes(page, false);
      await signInParent(page.request, baseURL as string);
      await walkRoutes(page, true);
    });
  });
}
