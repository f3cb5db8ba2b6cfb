import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_ID, holdScriptsUntilPainted } from './after-first-paint.ts';

const page = [
  '<!doctype html><html><head><title>Log in</title>',
  '<script defer src="/public/static/js/index.1.js"></script>',
  '<link rel="preload" as="script" fetchpriority="low" href="/public/static/js/async/react.2.js">',
  '<link rel="stylesheet" href="/public/static/css/app.3.css">',
  '<link rel="preload" as="fetch" crossorigin fetchpriority="low" href="/public/remotes/login/1/mf-manifest.json" />',
  '<style data-remote="login">.x{color:red}</style>',
  '</head><body><div id="root"><h1>Log in</h1></div>',
  '<script type="application/json" id="entry-page-state">{"a":1}</script></body></html>',
].join('');

describe('holdScriptsUntilPainted', () => {
  it('keeps the stylesheets in the head and holds the scripts and preloads in a template', () => {
    const held = holdScriptsUntilPainted(page);
    const head = held.slice(0, held.indexOf('</head>'));
    const template = head.slice(head.indexOf(`<template id="${AFTER_PAINT_ID}">`), head.indexOf('</template>'));
    const outside = head.replace(template, '');

    expect(template).toContain('<script defer src="/public/static/js/index.1.js"></script>');
    expect(template).toContain('href="/public/static/js/async/react.2.js"');
    expect(template).toContain('href="/public/remotes/login/1/mf-manifest.json"');
    expect(outside).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(outside).not.toMatch(/rel="preload"/);
    expect(outside).toContain('<link rel="stylesheet" href="/public/static/css/app.3.css">');
    expect(outside).toContain('<style data-remote="login">');
  });

  it('leaves the body, with the screen and the state it hydrates from, as it was', () => {
    const held = holdScriptsUntilPainted(page);
    expect(held.slice(held.indexOf('</head>'))).toBe(page.slice(page.indexOf('</head>')));
  });

  it('changes nothing in a page without scripts', () => {
    const plain = '<html><head><link rel="stylesheet" href="/a.css"></head><body></body></html>';
    expect(holdScriptsUntilPainted(plain)).toBe(plain);
  });

  it('puts the held files into the head after the first frame, not before', async () => {
    const held = holdScriptsUntilPainted(page);
    const parsed = new DOMParser().parseFromString(held, 'text/html');
    document.head.innerHTML = parsed.head.innerHTML;
    const loader = [...document.head.querySelectorAll('script')].find((script) => !script.src && script.textContent);
    const frames: FrameRequestCallback[] = [];
    const requestFrame = window.requestAnimationFrame;
    window.requestAnimationFrame = (callback) => frames.push(callback);
    try {
      new Function(loader?.textContent ?? '')();
      document.dispatchEvent(new Event('DOMContentLoaded', { bubbles: true }));
      expect(document.head.querySelector(':scope > script[src]')).toBeNull();
      frames.forEach((frame) => frame(0));
      expect(document.head.querySelector(':scope > script[src]')).toBeNull();
      await new Promise((resolve) => setTimeout(resolve));
      expect(document.head.querySelector(':scope > script[src]')?.getAttribute('src')).toBe('/public/static/js/index.1.js');
      expect(document.head.querySelectorAll(':scope > link[rel="preload"]')).toHaveLength(2);
    } finally {
      window.requestAnimationFrame = requestFrame;
    }
  });
});
