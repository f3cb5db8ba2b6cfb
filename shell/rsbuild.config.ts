import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeRsbuildConfig } from '@rsbuild/core';
import { createShellConfig } from '../rsbuild.config.ts';

// The build's brand (env.ts checks the value in the page): its favicon, home-screen icons and name.
const brand = process.env.PUBLIC_BRAND ?? 'atom';
const APP_NAMES: Record<string, string> = { atom: 'Atom Learning', quest: 'Atom Quest' };
const icons = `./src/assets/icons/${brand}`;

// The favicon is in the page itself: a browser fetches a linked one apart from the page's requests,
// on a connection of its own, while a phone's first paint is still waiting for its stylesheets.
const favicon = `data:image/svg+xml,${encodeURIComponent(readFileSync(join(import.meta.dirname, icons, 'favicon.svg'), 'utf8').trim())}`;

export default mergeRsbuildConfig(createShellConfig(), {
  html: {
    title: APP_NAMES[brand],
    tags: [{ tag: 'link', attrs: { rel: 'icon', type: 'image/svg+xml', href: favicon }, head: true, append: false }],
    appIcon: {
      name: APP_NAMES[brand],
      icons: [
        { src: `${icons}/icon-180.png`, size: 180, target: 'apple-touch-icon' },
        { src: `${icons}/icon-192.png`, size: 192, target: 'web-app-manifest' },
        { src: `${icons}/icon-512.png`, size: 512, target: 'web-app-manifest' },
      ],
    },
  },
});
