import { describe, expect, it } from 'vitest';
import { hashPath, inAppPath } from './in-app-link.ts';

const ORIGIN = 'https://site.test';
const anchor = (attributes: Record<string, string>) => {
  const element = document.createElement('a');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
};

describe('inAppPath', () => {
  it('follows a same-origin link inside the app', () => {
    expect(inAppPath(anchor({ href: 'https://site.test/register?x=1#top' }), ORIGIN)).toBe('/register?x=1#top');
    expect(inAppPath(anchor({ href: '/login' }), 'http://localhost:3000')).toBe('/login');
  });

  it.each([
    ['a link with a target', { href: '/login', target: '_blank' }],
    ['a download link', { href: '/report.pdf', download: '' }],
    ['a hash link', { href: '#section' }],
    ['a link under /public', { href: '/public/login' }],
    ['another site', { href: 'https://elsewhere.test/login' }],
    ['no href', {}],
  ])('leaves %s to the browser', (_case, attributes) => {
    expect(inAppPath(anchor(attributes), ORIGIN)).toBeNull();
  });
});

describe('hashPath', () => {
  it('reads #/ paths only', () => {
    expect(hashPath('#/register/parent')).toBe('/register/parent');
    expect(hashPath('#section')).toBeNull();
    expect(hashPath('')).toBeNull();
  });
});
