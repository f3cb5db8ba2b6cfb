import { cpSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Versions of a remote as a bad release would leave them, made from a built version by editing its
 * files: what a server render does wrong, or a text that differs (a canary's new heading). They are put
 * in the registry by hand, as a tool that checks nothing would (the release commands refuse them).
 */
export type Fault =
  /** Every screen spins the CPU for 15 s while rendering. */
  | 'spin'
  /** Every screen loops for ever while rendering. */
  | 'loop'
  /** Every screen throws while rendering. */
  | 'throw-render'
  /** The server build throws as it is imported. */
  | 'throw-import'
  /** The server build's container never answers: importing it waits for ever. */
  | 'hang-import'
  /** Every screen fills the heap while rendering. */
  | 'memory';

type Registry = { remotes: Record<string, { live: string; canary: { version: string; percentage: number } | null; lastKnownGood: string | null }> };

export const readRegistry = (site: string): Registry => JSON.parse(readFileSync(join(site, 'remotes.json'), 'utf8')) as Registry;

/** Moves pointers as one write (a rename), as the release tooling does. */
export const movePointers = (site: string, remote: string, pointers: Partial<Registry['remotes'][string]>) => {
  const registry = readRegistry(site);
  registry.remotes[remote] = { ...registry.remotes[remote]!, ...pointers };
  const temporary = join(site, `remotes.json.${process.pid}.tmp`);
  writeFileSync(temporary, JSON.stringify(registry, null, 2));
  renameSync(temporary, join(site, 'remotes.json'));
};

const RENDER_FAULTS: Record<Exclude<Fault, 'throw-import' | 'hang-import'>, string> = {
  spin: 'const until = Date.now() + 15000; while (Date.now() < until);',
  loop: 'for (;;);',
  'throw-render': 'throw new Error("broken render");',
  memory: 'const kept = []; for (;;) kept.push(new Array(1e6).fill(kept.length));',
};

/** The server build's exposed screens module (`__federation_expose_screens<remote>.js`). */
const exposeFile = (serverDir: string) => {
  const name = readdirSync(serverDir).find((file) => file.startsWith('__federation_expose_screens'));
  if (!name) throw new Error(`no exposed screens module in ${serverDir}`);
  return join(serverDir, name);
};

/** A copy of the live version of `remote` as `version`, with its server build made to fail as `fault` says. */
export const publishFaultyVersion = (site: string, remote: string, version: string, fault: Fault): string => {
  const live = readRegistry(site).remotes[remote]!.live;
  const folder = join(site, 'remotes', remote, version);
  rmSync(folder, { recursive: true, force: true });
  cpSync(join(site, 'remotes', remote, live), folder, { recursive: true });
  const server = join(folder, 'server');
  if (fault === 'hang-import') {
    writeFileSync(join(server, 'remoteEntry.js'), 'const never = () => new Promise(() => {});\nmodule.exports = { init: never, get: never };\n');
    return version;
  }
  const file = exposeFile(server);
  const source = readFileSync(file, 'utf8');
  if (fault === 'throw-import') {
    writeFileSync(file, `throw new Error("broken server build");\n${source}`);
    return version;
  }
  // The export's getter, as Rspack writes it (`screens:()=>eT` once minified).
  const binding = /screens:\s*\(\)\s*=>\s*\(?(?:\/\* binding \*\/\s*)?([\w$]+)\)?/;
  if (!binding.test(source)) throw new Error(`${file} does not export its screens as expected`);
  // Every screen component replaced by one that first does the fault, then renders as the real one.
  const faulty = `function faultyScreens(screens) { return Object.fromEntries(Object.entries(screens).map(([id, Screen]) => [id, function Faulty(props) { ${RENDER_FAULTS[fault]} return Screen(props); }])); }\n`;
  writeFileSync(file, faulty + source.replace(binding, (_, screens: string) => `screens: () => faultyScreens(${screens})`));
  return version;
};

/**
 * A copy of the live version of `remote` as `version` whose pages say `to` where the live one says
 * `from`, in its server and browser builds alike (a canary with a new heading). The compressed copies
 * of edited files are dropped, so the server sends the edited file itself.
 */
export const publishRewordedVersion = (site: string, remote: string, version: string, from: string, to: string): string => {
  const live = readRegistry(site).remotes[remote]!.live;
  const folder = join(site, 'remotes', remote, version);
  rmSync(folder, { recursive: true, force: true });
  cpSync(join(site, 'remotes', remote, live), folder, { recursive: true });
  let edited = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = join(entry.parentPath, entry.name);
    const source = readFileSync(file, 'utf8');
    if (!source.includes(from)) continue;
    writeFileSync(file, source.replaceAll(from, to));
    rmSync(`${file}.br`, { force: true });
    rmSync(`${file}.gz`, { force: true });
    edited += 1;
  }
  if (edited === 0) throw new Error(`"${from}" is in no file of ${remote} ${live}`);
  return version;
};
