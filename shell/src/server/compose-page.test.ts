import { describe, expect, it } from 'vitest';
import { withHeadOfRender } from './compose-page.ts';

const TEMPLATE = '<html><head><meta charset="UTF-8" /><title>Atom Learning</title></head><body><div id="root"></div></body></html>';

describe('withHeadOfRender', () => {
  it('puts the title, description and links the screen rendered in the head, instead of the template’s title', () => {
    const html = '<title>Log in · Atom Learning</title><meta name="description" content="Log in"/><link rel="canonical" href="https://learning.example/public/login"/><div>screen</div>';
    const { page, html: rest } = withHeadOfRender(TEMPLATE, html);
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page).toContain('<title>Log in · Atom Learning</title><meta name="description" content="Log in"/><link rel="canonical" href="https://learning.example/public/login"/></head>');
    expect(rest).toBe('<div>screen</div>');
  });

  it('leaves a render without head elements, and the template’s title, as they are', () => {
    expect(withHeadOfRender(TEMPLATE, '<div>screen</div>')).toEqual({ page: TEMPLATE, html: '<div>screen</div>' });
  });
});
