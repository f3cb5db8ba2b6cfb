import { describe, expect, it } from 'vitest';
import { nonceSlots } from './csp-nonce.ts';

/** A document with this answer's nonce joined in. */
const withCspNonce = (html: string, nonce: string) => nonceSlots(html).join(nonce);

describe('a document joined with its answer’s nonce', () => {
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

describe('nonceSlots', () => {
  it('cuts a document once, where each answer joins its own nonce in', () => {
    const html = '<head><link rel="icon" href="/i.ico"><link rel="stylesheet" href="/a.css" /></head><body><script src="/b.js"></script><p>x</p></body>';
    const slots = nonceSlots(html);
    expect(slots).toHaveLength(3);
    expect(slots.join('N')).toBe('<head><link rel="icon" href="/i.ico"><link rel="stylesheet" href="/a.css" nonce="N" /></head><body><script src="/b.js" nonce="N"></script><p>x</p></body>');
  });

  it('leaves a document without scripts whole', () => {
    expect(nonceSlots('<p>no scripts</p>')).toEqual(['<p>no scripts</p>']);
  });
});
