import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The name of the default brand (atom), for a deployment whose shell names none. */
export const DEFAULT_SITE_NAME = 'Atom Learning';

/**
 * The brand's name as visitors know it ("Atom Learning", "Atom Quest"), from the deployed shell's web
 * app manifest: mails say who they come from with the name of the site this server serves.
 */
export const readSiteName = (publicDir: string): string => {
  try {
    const { name } = JSON.parse(readFileSync(join(publicDir, 'manifest.webmanifest'), 'utf8')) as { name?: unknown };
    return typeof name === 'string' && name.trim() !== '' ? name.trim() : DEFAULT_SITE_NAME;
  } catch {
    return DEFAULT_SITE_NAME;
  }
};
