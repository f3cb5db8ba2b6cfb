import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';

const BRAND_NAMES = { atom: 'Atom Learning', quest: 'Atom Quest' } as const;

/**
 * The head names the brand's link-preview picture (issue 24): an absolute address on the configured
 * origin, its size, type and words; the picture is the brand's own (scripts/social-images.ts), a 1200×630
 * PNG served immutable.
 */
export const expectSocialImage = async (request: APIRequestContext, head: string, origin: string, brand: keyof typeof BRAND_NAMES): Promise<void> => {
  const image = /<meta property="og:image" content="([^"]+)"/.exec(head)?.[1] ?? '';
  expect(image.startsWith(`${origin}/public/static/image/`), image).toBe(true);
  expect(head).toContain('<meta property="og:image:width" content="1200"/>');
  expect(head).toContain('<meta property="og:image:height" content="630"/>');
  expect(head).toContain('<meta property="og:image:type" content="image/png"/>');
  expect(head).toContain(`<meta property="og:image:alt" content="The ${BRAND_NAMES[brand]} logo and name, with the line “Learning and assessment for parents, schools and students”."/>`);
  const answer = await request.get(image);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/png');
  expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // A PNG's IHDR: width and height as 32-bit big-endian numbers from byte 16.
  const png = await answer.body();
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  expect(png.equals(readFileSync(new URL(`../../shell/src/assets/icons/${brand}/social.png`, import.meta.url))), `the ${brand} picture`).toBe(true);
};
