/**
 * The login screen built without federation (issue 14), for `npm run bench` and `scripts/profile-start.ts`:
 * what the federated page is measured against.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { createRsbuild } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { APP_DEFINE, compileHints, precompress } from '../../rsbuild.config.ts';
import { holdScriptsUntilPainted } from '../../shell/src/server/after-first-paint.ts';
import { inlineSmallStyles } from '../../shell/src/server/inline-styles.ts';
import { folderFiles } from '../../shell/src/server/site-files.ts';
import { trimRadixCss } from '../../shared/ui/build/radix-css.ts';
import { brotli } from '../../server/src/http/brotli.ts';
import { nonceSlots } from '../../server/src/http/csp-nonce.ts';
import { securityHeaders } from '../../server/src/http/security-headers.ts';
import shellConfig from '../../shell/rsbuild.config.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The login screen without federation: one ordinary build, its page rendered once from the same tree.
 * `sourceMaps` writes each script's map beside it, unreferenced (the profiler reads them from disk).
 */
export const buildBundledLogin = async (origin: string, { sourceMaps = false } = {}): Promise<string> => {
  const out = join(root, 'dist', 'bench-bundled');
  const rsbuild = await createRsbuild({
    cwd: root,
    rsbuildConfig: {
      plugins: [pluginReact(), compileHints(), precompress()],
      source: { define: APP_DEFINE },
      // The shell's head: the same favicon, in the page.
      html: { template: join(root, 'index.html'), title: 'Learning platform', tags: shellConfig.html?.tags },
      tools: { postcss: { postcssOptions: { plugins: [trimRadixCss()] } } },
      output: { sourceMap: { js: sourceMaps ? 'hidden-source-map' : false, css: false } },
      environments: {
        web: {
          source: { entry: { index: './scripts/bench/bundled-login.tsx' } },
          output: { distPath: { root: join(out, 'public') }, assetPrefix: '/public/' },
        },
        node: {
          source: { entry: { page: './scripts/bench/bundled-login-page.tsx' } },
          output: { target: 'node', distPath: { root: join(out, 'node') }, filename: { js: '[name].mjs' } },
        },
      },
    },
  });
  await rsbuild.build();
  const { renderLogin } = (await import(pathToFileURL(join(out, 'node', 'page.mjs')).href)) as { renderLogin: (origin: string) => Promise<string> };
  // Delivered as the federated page is (ADR 015): its small stylesheets in the page, painted first, its scripts loaded after.
  const page = holdScriptsUntilPainted(
    inlineSmallStyles(readFileSync(join(out, 'public', 'index.html'), 'utf8'), folderFiles(join(out, 'public'))).replace(
      '<div id="root"></div>',
      `<div id="root">${await renderLogin(origin)}</div>`,
    ),
  );
  writeFileSync(join(out, 'public', 'login.html'), page);
  return out;
};

/**
 * Serves the bundled build as the reference server serves the site: the page with the site's security
 * headers and this answer's nonce, compressed as it is compressed, the files as they are, and the
 * APIs proxied to it. The headers are the site's policy, not federation's, and they cost the page its
 * start: Cross-Origin-Opener-Policy and Origin-Agent-Cluster put it in a browsing context group of its
 * own, so Chromium starts it in a new renderer process rather than the one of the tab's first page
 * (ADR 029: without them the bundled login's main thread was 16 % lighter).
 */
export const serveBundled = (dir: string, port: number, api: string) => {
  const page = nonceSlots(readFileSync(join(dir, 'public', 'login.html'), 'utf8'));
  const app = new Hono();
  app.use('/public/*', securityHeaders({ secure: false }));
  app.get('/public/login', compress(), brotli(), (c) => c.html(page.join(c.get('cspNonce')), 200, { 'Cache-Control': 'private, no-cache' }));
  app.get('/public/*', serveStatic({ root: join(dir, 'public'), precompressed: true, rewriteRequestPath: (path) => path.slice('/public'.length) }));
  app.all('*', (c) => fetch(new Request(`${api}${new URL(c.req.url).pathname}${new URL(c.req.url).search}`, c.req.raw)));
  return serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
};
