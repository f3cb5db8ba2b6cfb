/** Script addresses of a profiled page to the packages their code comes from (`scripts/profile-start.ts`). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodedMappings, TraceMap } from '@jridgewell/trace-mapping';
import { chunkOf, packageOfSource, type CallFrame, type Locate, type Origin } from './attribution.ts';

/** The file on disk an address of a server's page serves, under the folder its `/public/` is. */
const fileOf = (url: string, folders: Map<string, string>) => {
  const { origin, pathname } = new URL(url);
  const folder = folders.get(origin);
  return folder && pathname.startsWith('/public/') ? join(folder, pathname.slice('/public/'.length)) : undefined;
};

/** The app whose build a script of the site is: a remote's version folder, else the shell's (the bundled login's own build). */
const appOf = (url: string, bundledOrigin: string) => {
  const { origin, pathname } = new URL(url);
  return origin === bundledOrigin ? 'bundled' : (/^\/public\/remotes\/([^/]+)\//.exec(pathname)?.[1] ?? 'shell');
};

/** A source map's mapped segments per generated line: [column, source] sorted by column. */
const segmentsOf = (map: TraceMap) => decodedMappings(map).map((line) => line.filter((segment) => segment.length >= 4).map((segment) => [segment[0], segment[1] as number] as const));

/**
 * Frames to packages through the build's source maps (a `.map` beside each script), else to chunks. A
 * function's start the map leaves unmapped (generated code) is the source mapped last before it.
 */
export const locator = (folders: Map<string, string>, bundledOrigin: string): Locate => {
  const maps = new Map<string, { map: TraceMap; lines: (readonly [number, number])[][] } | null>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      const file = fileOf(url, folders);
      const map = file && existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, 'utf8')) : null;
      maps.set(url, map && { map, lines: segmentsOf(map) });
    }
    return maps.get(url);
  };
  const sourceAt = ({ map, lines }: { map: TraceMap; lines: (readonly [number, number])[][] }, line: number, column: number) => {
    for (let at = line; at >= 0; at -= 1) {
      const found = (lines[at] ?? []).findLast(([start]) => at < line || start <= column);
      if (found) return map.sources[found[1]] ?? undefined;
    }
    return undefined;
  };
  const origins = new Map<string, Origin>();
  return (frame: CallFrame) => {
    const key = `${frame.url}:${frame.lineNumber}:${frame.columnNumber}`;
    let origin = origins.get(key);
    if (!origin) {
      const mapped = mapOf(frame.url);
      // The profile's lines and columns count from 0, as the decoded mappings do.
      const source = mapped ? sourceAt(mapped, frame.lineNumber, frame.columnNumber) : undefined;
      const script = new URL(frame.url).pathname.endsWith('.js');
      origin = source ? { pkg: packageOfSource(source, appOf(frame.url, bundledOrigin)), source } : { pkg: script ? chunkOf(frame.url) : "the page's inline scripts" };
      origins.set(key, origin);
    }
    return origin;
  };
};
