import { versionFolder, type Context } from './commands.ts';
import { assertVersion, ReleaseError, type Remote } from './registry.ts';
import { signPreview } from './preview-link.ts';

/**
 * npm run preview -- <remote> <version> [--expires 24h]: a link that puts the browser that opens it on
 * that version of the remote (any published one, canary or not), until it expires or the visitor leaves
 * the preview. Signed with the server's LINK_SECRET, which the command must be given.
 */
export const previewLink = async (
  context: Pick<Context, 'target' | 'now' | 'print'>,
  { remote, version, expiresMs, secret, origin }: { remote: Remote; version: string | null; expiresMs: number; secret: string | undefined; origin: string | undefined },
): Promise<void> => {
  if (!version) throw new ReleaseError(`which version of ${remote}? e.g. npm run preview -- ${remote} 2.1.0`);
  assertVersion(version);
  if (!secret) throw new ReleaseError('a preview link is signed with the server\'s LINK_SECRET: set LINK_SECRET to it');
  if (!origin) throw new ReleaseError('no server to link to: give --server, RELEASE_SERVER_URL or the environment\'s "server"');
  if ((await context.target.read(`${versionFolder(remote, version)}/mf-manifest.json`)) === null) {
    throw new ReleaseError(`${remote} ${version} is not published in ${context.target.description}`);
  }
  const expires = Math.floor((context.now().getTime() + expiresMs) / 1000);
  context.print(`Preview of ${remote} ${version}, for whoever opens it until ${new Date(expires * 1000).toISOString()}:`);
  context.print(`  ${new URL(`/preview/${signPreview(secret, { remote, version, expires })}`, origin).href}`);
};
