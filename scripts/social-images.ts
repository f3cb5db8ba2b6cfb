/**
 * `node scripts/social-images.ts`: draws each brand's link-preview picture (Open Graph and Twitter,
 * 1200×630 px, issue 24) from its icon and name into `shell/src/assets/icons/<brand>/social.png`, in the
 * system's Chromium. The pictures are committed; the shell's build gives them a content-hashed,
 * immutable address. Run it again when a brand's icon, name or line changes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const BRANDS = {
  atom: { name: 'Atom Learning', colour: '#3e63dd', deep: '#1f2d5c' },
  quest: { name: 'Atom Quest', colour: '#8e4ec6', deep: '#402060' },
} as const;
const LINE = 'Learning and assessment for parents, schools and students';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const browser = await chromium.launch({ executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  for (const [brand, { name, colour, deep }] of Object.entries(BRANDS)) {
    const folder = join(root, 'shell', 'src', 'assets', 'icons', brand);
    const icon = readFileSync(join(folder, 'favicon.svg'), 'utf8');
    await page.setContent(`<!doctype html><html><body style="margin:0">
      <main style="box-sizing:border-box;width:1200px;height:630px;padding:96px;display:flex;flex-direction:column;justify-content:center;gap:40px;
        background:linear-gradient(135deg, ${colour}, ${deep});color:#fff;font-family:'DejaVu Sans', sans-serif">
        <div style="display:flex;align-items:center;gap:40px">
          <div style="width:180px;height:180px;flex:none;border-radius:40px;box-shadow:0 12px 40px rgba(0,0,0,.25)">${icon.replace('<svg ', '<svg width="180" height="180" ')}</div>
          <h1 style="margin:0;font-size:96px;font-weight:700;letter-spacing:-2px">${escapeHtml(name)}</h1>
        </div>
        <p style="margin:0;font-size:46px;line-height:1.3;max-width:960px">${escapeHtml(LINE)}</p>
      </main></body></html>`);
    await page.screenshot({ path: join(folder, 'social.png') });
    console.log(`${brand}: ${join(folder, 'social.png')}`);
  }
} finally {
  await browser.close();
}
