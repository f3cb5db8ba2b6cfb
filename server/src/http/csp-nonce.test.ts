import { describe, expect, it } from 'vitest';
import { withCspNonce } from './csp-nonce.ts';

describe('withCspNonce', () => {
  it('gives every script, stylesheet and preload the nonce and leaves other tags alone', () => {
    const html = [
      '<link rel="icon" href="/favicon.ico">',
      '<link rel="stylesheet" href="/a.css">',
      '<link rel=modulepreload href="/b.js" />',
      '<script defer src="/c.js"></script>',
      '<SCRIPT>window.x = 1</SCRIPT>',
      '<script nonce="kept" src="/d.js"></script>',
      '<scripted>',
    ].join('');
    expect(withCspNonce(html, 'N0nce+/=')).toBe(
      [
        '<link rel="icon" href="/favicon.ico">',
        '<link rel="stylesheet" href="/a.css" nonce="N0nce+/=">',
        '<link rel=modulepreload href="/b.js" nonce="N0nce+/=" />',
        '<script defer src="/c.js" nonce="N0nce+/="></script>',
        '<SCRIPT nonce="N0nce+/=">window.x = 1</SCRIPT>',
        '<script nonce="kept" src="/d.js"></script>',
        '<scripted>',
      ].join(''),
    );
  });
});
