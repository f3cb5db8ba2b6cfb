import { describe, expect, it } from 'vitest';
import { prerenderedPages } from './prerendered-pages.ts';

describe('prerenderedPages', () => {
  it('names each route without a required parameter once, with its owner', () => {
    const pages = prerenderedPages();
    expect(pages).toContainEqual({ path: '/', owner: 'shell' });
    expect(pages).toContainEqual({ path: '/forgotten', owner: 'login' });
    expect(pages).toContainEqual({ path: '/register/parent', owner: 'registration' });
    expect(pages).toContainEqual({ path: '/privacy', owner: 'shell' });
    expect(pages.map(({ path }) => path).filter((path) => path.includes(':'))).toEqual([]);
    expect(new Set(pages.map(({ path }) => path)).size).toBe(pages.length);
  });
});
