import type { DeployedSite } from '../ssr/deployed-site.ts';

/** The name of the default brand (atom), for a deployment whose shell names none. */
export const DEFAULT_SITE_NAME = 'Atom Learning';

/**
 * The brand's name as visitors know it ("Atom Learning", "Atom Quest"), from the deployed shell's web
 * app manifest: mails say who they come from with the name of the site this server serves.
 */
export const readSiteName = (site: DeployedSite): string => {
  try {
    const { name } = JSON.parse(site.text('manifest.webmanifest') ?? '{}') as { name?: unknown };
    return typeof name === 'string' && name.trim() !== '' ? name.trim() : DEFAULT_SITE_NAME;
  } catch {
    return DEFAULT_SITE_NAME;
  }
};
