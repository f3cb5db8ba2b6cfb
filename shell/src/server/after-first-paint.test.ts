import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAINT_ID, holdScriptsUntilPainted } from './after-first-paint.ts';

const page = [
  '<!doctype html><html><head><title>Log in</title>',
  '<link rel="apple-touch-icon" sizes="180x180" href="/public/static/image/icon-180.png"><link rel="manifest" href="/public/manifest.webmanifest">',
  '<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,%3Csvg%3E%3C%2Fsvg%3E">',
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
    expect(template).toContain('<link rel="manifest" href="/public/manifest.webmanifest">');
    expect(template).toContain('rel="apple-touch-icon"');
    expect(outside).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(outside).not.toMatch(/rel="(preload|manifest|apple-touch-icon)"/);
    expect(outside).toContain('<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,');
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

  /** Parses the held page's head into the document and runs its loader, as the browser would. */
  const runLoader = () => {
    const parsed = new DOMParser().parseFromString(holdScriptsUntilPainted(page), 'text/html');
    document.head.innerHTML = parsed.head.innerHTML;
    const loader = [...document.head.querySelectorAll('script')].find((script) => !script.src && script.textContent);
    new Function(loader?.textContent ?? '')();
  };
  const loadedScript = () => document.head.querySelector(':scope > script[src]')?.getAttribute('src');
  const nextTask = () => new Promise((resolve) => setTimeout(resolve));

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('puts the held files into the head once the first contentful paint is reported, not before', async () => {
    let reportPaint: (names: string[]) => void = () => undefined;
    class PaintObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }, observer: PaintObserver) => void) {
        reportPaint = (names) => callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) }, this);
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    runLoader();
    document.dispatchEvent(new Event('DOMContentLoaded', { bubbles: true }));
    reportPaint(['first-paint']);
    await nextTask();
    expect(loadedScript()).toBeUndefined();
    reportPaint(['first-contentful-paint']);
    await nextTask();
    expect(loadedScript()).toBe('/public/static/js/index.1.js');
    expect(document.head.querySelectorAll(':scope > link[rel="preload"]')).toHaveLength(2);
  });

  it('without paint timing, puts them in just after the first frame', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    runLoader();
    document.dispatchEvent(new Event('DOMContentLoaded', { bubbles: true }));
    expect(loadedScript()).toBeUndefined();
    frames.forEach((frame) => frame(0));
    expect(loadedScript()).toBeUndefined();
    await nextTask();
    expect(loadedScript()).toBe('/public/static/js/index.1.js');
  });

  it('loads them after a few seconds when no paint comes, and at once in a hidden tab', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    runLoader();
    document.dispatchEvent(new Event('DOMContentLoaded', { bubbles: true }));
    vi.advanceTimersByTime(2_900);
    expect(loadedScript()).toBeUndefined();
    vi.advanceTimersByTime(100);
    expect(loadedScript()).toBe('/public/static/js/index.1.js');

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    runLoader();
    document.dispatchEvent(new Event('DOMContentLoaded', { bubbles: true }));
    expect(loadedScript()).toBe('/public/static/js/index.1.js');
  });
});
