import { BASE_PATH, DIRECT_SCREENS_SCRIPT, SCREENS_EXPOSE } from '@entry/routes';
import { entryScriptOf, unsatisfied, type FederationManifest } from '../features/remotes/compatibility.ts';
import { styleElementText } from './inline-styles.ts';
import { RUNTIME_CHUNK, SHARED_ASSETS, type SharedAssets } from './shared-assets.ts';
import type { SiteFiles } from './site-files.ts';

/** An attribute value as HTML: the manifest's file names are the build's, but never trusted blindly. */
const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Manifest = FederationManifest & {
  exposes: { path: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
  shared: { name: string }[];
};

/** The files a remote version's screens need at once, read from its manifest; a version's files never change. */
const versionFiles = new Map<
  string,
  {
    scripts: string[];
    direct: string | undefined;
    styles: string;
    stylesheets: string[];
    manifest: string;
    shared: string[];
    requirements: FederationManifest;
  }
>();

/** A file of a remote version; a version the site lacks or a file its manifest names wrongly is an error. */
const versionFile = (files: SiteFiles, remote: string, version: string, file: string): string => {
  const text = files.read(`remotes/${remote}/${version}/${file}`);
  if (text === null) throw new Error(`The site has no ${file} of ${remote} ${version}`);
  return text;
};

const filesOf = (files: SiteFiles, remote: string, version: string) => {
  const key = `${remote}@${version}`;
  const known = versionFiles.get(key);
  if (known) return known;
  const folder = `${BASE_PATH}/remotes/${remote}/${version}`;
  const manifest = JSON.parse(versionFile(files, remote, version, 'mf-manifest.json')) as Manifest;
  const screens = manifest.exposes.find(({ path }) => path === `./${SCREENS_EXPOSE}`);
  const entry = entryScriptOf(manifest);
  const stylesheets = screens?.assets.css.sync ?? [];
  const named = {
    manifest: `${folder}/mf-manifest.json`,
    shared: (manifest.shared ?? []).flatMap(({ name }) => (typeof name === 'string' ? [name] : [])),
    requirements: { shared: manifest.shared },
    scripts: [entry, ...(screens?.assets.js.sync ?? [])].map((file) => `${folder}/${file}`),
    // The screens as one plain script (ADR 027), in a version built with it.
    direct: files.read(`remotes/${remote}/${version}/${DIRECT_SCREENS_SCRIPT}`) === null ? undefined : `${folder}/${DIRECT_SCREENS_SCRIPT}`,
    stylesheets: stylesheets.map((file) => `${folder}/${file}`),
    // A few KiB at most: in the page they cost no request, and a remote's host that hangs cannot hold its first paint.
    // Each is marked with its file's name (`data-href`): the remote's chunk loader, finding it there, does not fetch the file again.
    styles: stylesheets
      .map((file) => {
        const text = styleElementText(versionFile(files, remote, version, file));
        return text ? `<style data-remote="${attribute(remote)}" data-href="${attribute(file)}">${text}</style>` : '';
      })
      .join(''),
  };
  versionFiles.set(key, named);
  return named;
};

/**
 * The address of a remote version's entry script, below the site's root, when every shared singleton it
 * requires is one this shell provides (`provided`): the page hands it to the browser, which loads it
 * without reading the manifest (ADR 024). Undefined for a version the shell cannot serve: the browser's
 * own guard then reads the manifest, refuses it and falls back, as before.
 */
export const verifiedEntryScript = (files: SiteFiles, { name, version }: { name: string; version: string }, provided: ReadonlyMap<string, string>) => {
  const { requirements, scripts } = filesOf(files, name, version);
  return unsatisfied(requirements, provided).length === 0 ? scripts[0] : undefined;
};

/** The shared modules of a version that the shell's start leaves out (`later`): its direct script needs them loaded first. */
const laterNeeds = (shared: readonly string[], later: SharedAssets) => shared.filter((module) => module !== RUNTIME_CHUNK && module in later);

/**
 * The address of a remote version's direct script (ADR 027), below the site's root, for a version whose
 * entry script the shell can serve (`verifiedEntryScript`), with the shared modules it consumes that
 * the shell's start leaves out (`needs`, of those it loads `later`): the browser loads those, then runs
 * the script with the shell's copies and no runtime. Undefined for a version the shell cannot serve or
 * one built without a direct script.
 */
export const verifiedDirectScript = (
  files: SiteFiles,
  target: { name: string; version: string },
  provided: ReadonlyMap<string, string>,
  later: SharedAssets,
): { url: string; needs: string[] } | undefined => {
  const { direct, shared } = filesOf(files, target.name, target.version);
  if (!direct || !verifiedEntryScript(files, target, provided)) return undefined;
  return { url: direct, needs: laterNeeds(shared, later) };
};

/**
 * The stylesheets of a remote version's screens, below the site's root: those a composed page puts in
 * its head for its own remote, which a browser navigating to the remote's screens links (ADR 030).
 */
export const screenStylesheets = (files: SiteFiles, { name, version }: { name: string; version: string }): string[] =>
  filesOf(files, name, version).stylesheets;

/** A version the shell can serve, as a composed page names it: its entry and direct scripts, and its screens' stylesheets. */
export type VerifiedVersion = { script: string; direct?: { url: string; needs: string[] }; stylesheets: string[] };

const verifiedRead = new WeakMap<SiteFiles, Map<string, VerifiedVersion | null>>();

/**
 * `verifiedEntryScript`, `verifiedDirectScript` and `screenStylesheets` of a version at once; null for a
 * version the shell cannot serve. Asked once for each version and site's files: those of a renderer are
 * one shell release's, whose `provided` versions and `later` files never change, nor do a version's files.
 * A version whose files cannot be read throws, and is asked again next time.
 */
export const verifiedVersion = (
  files: SiteFiles,
  target: { name: string; version: string },
  provided: ReadonlyMap<string, string>,
  later: SharedAssets,
): VerifiedVersion | null => {
  let known = verifiedRead.get(files);
  if (!known) verifiedRead.set(files, (known = new Map()));
  const key = `${target.name}@${target.version}`;
  const answered = known.get(key);
  if (answered !== undefined) return answered;
  const script = verifiedEntryScript(files, target, provided);
  const direct = script ? verifiedDirectScript(files, target, provided, later) : undefined;
  const verified = script ? { script, ...(direct ? { direct } : {}), stylesheets: screenStylesheets(files, target) } : null;
  known.set(key, verified);
  return verified;
};

/**
 * The shell's files of what its start leaves out, shared modules and the federation runtime
 * (shared-assets.json of the shell build in `files`). Read with the page template it belongs to; a
 * shell build without it names none.
 */
export const readSharedAssets = (files: SiteFiles): SharedAssets => {
  try {
    return JSON.parse(files.read(SHARED_ASSETS) ?? '{}') as SharedAssets;
  } catch {
    return {};
  }
};

const sharedAssetsRead = new WeakMap<SiteFiles, SharedAssets>();

/** readSharedAssets, once for each site's files: those of a renderer are one shell release's, read on every page. */
export const sharedAssetsOf = (files: SiteFiles): SharedAssets => {
  const known = sharedAssetsRead.get(files);
  if (known) return known;
  const read = readSharedAssets(files);
  sharedAssetsRead.set(files, read);
  return read;
};

const preload = (href: string) =>
  href.endsWith('.css')
    ? `<link rel="stylesheet" href="${attribute(href)}" />`
    : `<link rel="preload" as="script" fetchpriority="low" href="${attribute(href)}" />`;

/**
 * What the page asks for at once, so that one parallel round after the HTML brings everything the
 * route needs (issue 14): the remote's manifest (unless the server resolved its entry script, `script`:
 * the browser then never reads it), its entry and its screens' scripts; the shell's files that its
 * start does not load (`later`) of the federation runtime and of the shared modules the remote consumes;
 * and the remote's styles, in the page, applied from the first paint as the server-rendered screen
 * needs them.
 */
export const preloadTags = (
  files: SiteFiles,
  { name, version, script, direct }: { name: string; version: string; script?: string; direct?: string },
  later: SharedAssets,
): string => {
  const { manifest, scripts, styles, shared, direct: directScript } = filesOf(files, name, version);
  const filesOfLater = (modules: readonly string[]) => [...new Set(modules.flatMap((module) => later[module] ?? []))].map((file) => `${BASE_PATH}/${file}`);
  // Started from its direct script (ADR 027), the remote needs that file and the shell's of the modules
  // it needs loaded first; the runtime's are fetched only if it fails.
  if (direct && directScript) return [...filesOfLater(laterNeeds(shared, later)), directScript].map(preload).concat(styles).join('');
  const sharedFiles = filesOfLater([RUNTIME_CHUNK, ...shared]);
  return [
    // Low priority, like the shell's: the page's stylesheets come first, as its first paint waits for them.
    script ? '' : `<link rel="preload" as="fetch" crossorigin fetchpriority="low" href="${attribute(manifest)}" />`,
    ...[...sharedFiles, ...scripts].map(preload),
    styles,
  ].join('');
};
