import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { describe, expect, it } from 'vitest';
import { brotli } from './brotli.ts';

const page = `<!doctype html><html><body>${'<p>A composed page.</p>'.repeat(200)}</body></html>`;
const app = new Hono();
app.get('/page', compress(), brotli(), (c) => c.html(page));
app.get('/small', compress(), brotli(), (c) => c.html('<p>small</p>'));
app.get('/no-transform', compress(), brotli(), (c) => c.html(page, 200, { 'Cache-Control': 'no-transform' }));
app.get('/image', compress(), brotli(), (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
const get = (path: string, acceptEncoding?: string, method = 'GET') =>
  app.request(path, { method, headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } });

app.get('/with-headers', compress(), brotli(), (c) => {
  c.header('Set-Cookie', 'first=1; Path=/', { append: true });
  c.header('Set-Cookie', 'second=2; Path=/', { append: true });
  c.header('Server-Timing', 'compose;desc="kept"');
  const response = c.html(page, 404);
  response.headers.set('Cache-Control', 'private, no-cache');
  response.headers.append('Vary', 'Cookie');
  return response;
});

let overloaded = false;
app.get('/under-load', compress(), brotli(() => overloaded), (c) => c.html(page));

describe('brotli', () => {
  it('compresses less, and faster, while the server is overloaded: the page is the same', async () => {
    const sizeOf = async () => {
      const response = await get('/under-load', 'br');
      const body = Buffer.from(await response.arrayBuffer());
      expect(brotliDecompressSync(body).toString()).toBe(page);
      return body.length;
    };
    const usual = await sizeOf();
    overloaded = true;
    expect(await sizeOf()).toBeGreaterThan(usual);
    overloaded = false;
  });

  it('fits the window to the page, so a 16 KiB page is not compressed with tables for 4 MiB', async () => {
    /** The window a Brotli stream declares in its first bits (RFC 7932, section 9.1). */
    const windowBits = (stream: Buffer) => {
      const first = stream[0]!;
      if ((first & 1) === 0) return 16;
      const wide = (first >> 1) & 7;
      if (wide !== 0) return 17 + wide;
      const narrow = (first >> 4) & 7;
      return narrow === 0 ? 17 : 8 + narrow;
    };
    const composed = `<!doctype html><html><body>${Array.from({ length: 1000 }, (_, n) => `<p>Line ${n}.</p>`).join('')}</body></html>`;
    const large = composed.repeat(16);
    const sized = new Hono();
    sized.get('/composed', brotli(), (c) => c.html(composed));
    sized.get('/large', brotli(), (c) => c.html(large));
    for (const [path, text, bits] of [['/composed', composed, 14], ['/large', large, 18]] as const) {
      const body = Buffer.from(await (await sized.request(path, { headers: { 'Accept-Encoding': 'br' } })).arrayBuffer());
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(2 ** bits);
      expect(Buffer.byteLength(text)).toBeGreaterThan(2 ** (bits - 1));
      expect(windowBits(body)).toBe(bits);
      expect(brotliDecompressSync(body).toString()).toBe(text);
    }
  });

  it('sends a page in Brotli to a visitor who accepts it, with its length', async () => {
    const response = await get('/page', 'gzip, deflate, br, zstd');
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('Content-Length'))).toBe(body.length);
    expect(body.length).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(page);
  });

  it('keeps every header of the page once, and its status', async () => {
    const response = await get('/with-headers', 'br');
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.getSetCookie()).toEqual(['first=1; Path=/', 'second=2; Path=/']);
    expect(response.headers.get('Vary')).toBe('Cookie, Accept-Encoding');
    expect(response.headers.get('Cache-Control')).toBe('private, no-cache');
    expect(response.headers.get('Server-Timing')).toBe('compose;desc="kept"');
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=UTF-8');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(page);
  });

  it('leaves gzip to Hono for a visitor without Brotli, and the page as it is for one who takes neither', async () => {
    const gzip = await get('/page', 'gzip, deflate');
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(page);
    for (const plain of [await get('/page'), await get('/page', 'br;q=0, identity')]) {
      expect(plain.headers.get('Content-Encoding')).toBeNull();
      expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
      expect(await plain.text()).toBe(page);
    }
  });

  it('sends as they are a small page, a HEAD answer, an image and what says no-transform', async () => {
    for (const [path, method] of [['/small', 'GET'], ['/page', 'HEAD'], ['/image', 'GET'], ['/no-transform', 'GET']] as const) {
      const response = await get(path, 'br', method);
      expect(response.headers.get('Content-Encoding'), path).toBeNull();
      expect(response.status, path).toBe(200);
    }
    expect(await (await get('/small', 'br')).text()).toBe('<p>small</p>');
  });
});
