import { describe, expect, it } from 'vitest';
import { indexedPagePaths, isIndexedPage } from './indexed-pages.ts';

describe('indexed pages', () => {
  it('lists every page of the route table a search engine may show, without parameters or secrets', () => {
    expect(indexedPagePaths()).toEqual([
      '/',
      '/login',
      '/register',
      '/register/parent',
      '/register/tutor',
      '/demo',
      '/browser-support',
      '/technical-requirements',
      '/privacy',
      '/terms',
      '/help',
    ]);
  });

  it.each([
    ['reset', false],
    ['report', false],
    ['forgotten', false],
    ['notFound', false],
    ['tasterRoot', true],
    ['registerParent', true],
  ])('%s is indexed: %s', (routeId, indexed) => {
    expect(isIndexedPage(routeId)).toBe(indexed);
  });
});
