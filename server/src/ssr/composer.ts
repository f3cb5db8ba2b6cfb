import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import type { Database } from '../db/database.ts';

/** The shell's server renderer as its build exports it (shell/src/server.ts). */
type ShellServer = { composePage: ComposePage; warmUp: (publicDir: string, registry: unknown) => Promise<void> };
type ComposePage = (
  input: PageRequest & { publicDir: string; registry: unknown; site: { origin: string; googleClientId?: string }; template: string },
) => Promise<{ kind: 'redirect'; location: string } | { kind: 'skip'; reason: string } | { kind: 'page'; status: number; document: string }>;

export type ComposerOptions = {
  publicDir: string;
  db: Database;
  site: { origin: string; googleClientId?: string };
  /** How long composing may take before the visitor gets the page the browser renders alone. */
  timeoutMs: number;
};

export type PageRequest = {
  url: string;
  visitorId: string;
  user: unknown;
  sessionEnded: boolean;
  /** The visitor's cookies and whether the edge places them where consent is asked (null: it does not say). */
  visitor: { cookies: string; eu: boolean | null };
  /** The services, in-process, as this visitor calls them. */
  fetch: typeof fetch;
};

/** A composed page, ready to be finished (nonce, settings) and sent; or why the browser gets the plain page. */
export type Composed = { kind: 'page'; status: number; document: string } | { kind: 'redirect'; location: string } | { kind: 'client'; failure: string | null };

/** A file read again only when it changed on disk: a release replaces files under the running server. */
const fileWatcher = <T>(path: string, read: (text: string) => T) => {
  let cached: { mtimeMs: number; size: number; value: T } | null = null;
  return (): T => {
    const { mtimeMs, size } = statSync(path);
    if (cached?.mtimeMs !== mtimeMs || cached.size !== size) cached = { mtimeMs, size, value: read(readFileSync(path, 'utf8')) };
    return cached.value;
  };
};

const timeout = (ms: number) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`composing took longer than ${ms} ms`)), ms).unref());

/**
 * Composes pages on the server (ADR 015): the shell's server renderer, imported from the deployed
 * shell and imported again when a release replaces it, renders the route's screen with the versions
 * the registry names for this visitor, read afresh whenever remotes.json changes. Whatever fails or
 * takes too long, the visitor gets the page the browser renders alone, and the failure is recorded.
 */
export const createComposer = ({ publicDir, db, site, timeoutMs }: ComposerOptions) => {
  const registry = fileWatcher(join(publicDir, 'remotes.json'), (text) => JSON.parse(text) as unknown);
  const template = fileWatcher(join(publicDir, 'index.html'), (text) => text);
  const release = fileWatcher(join(publicDir, 'release.json'), (text) => (JSON.parse(text) as { version: string }).version);
  const shells = new Map<string, Promise<ShellServer>>();
  const shell = (): Promise<ShellServer> => {
    const id = release();
    const known = shells.get(id);
    if (known) return known;
    // A new URL per release: Node keeps each module it imported, so the new shell is a new module.
    const loading = import(`${pathToFileURL(join(publicDir, 'server', 'index.mjs')).href}?release=${encodeURIComponent(id)}`) as Promise<ShellServer>;
    shells.set(id, loading);
    loading.catch(() => shells.delete(id));
    return loading;
  };

  const record = (url: string, reason: string) => {
    console.error(`Composing ${new URL(url).pathname} failed; the browser renders it alone: ${reason}`);
    db.prepare('INSERT INTO composition_failures (path, reason, failed_at) VALUES (?, ?, ?)').run(new URL(url).pathname, reason.slice(0, 500), Date.now());
  };

  const compose = async (request: PageRequest): Promise<Composed> => {
    const { composePage } = await shell();
    const result = await composePage({ ...request, publicDir, registry: registry(), site, template: template() });
    if (result.kind === 'skip') {
      console.log(`Not composing ${new URL(request.url).pathname}: ${result.reason}`);
      return { kind: 'client', failure: null };
    }
    return result;
  };

  // A deployment without the shell's server build (one built before it, or a bare folder in tests) is served as before.
  const deployed = () => existsSync(join(publicDir, 'server', 'index.mjs')) && existsSync(join(publicDir, 'release.json'));

  return {
    compose: async (c: Context, request: PageRequest): Promise<Composed> => {
      if (!deployed()) return { kind: 'client', failure: null };
      try {
        return await Promise.race([compose(request), timeout(timeoutMs)]);
      } catch (error) {
        const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        record(request.url, reason);
        c.header('Server-Timing', 'compose;desc="failed"');
        return { kind: 'client', failure: reason };
      }
    },
    /** Loads the shell's renderer and the live versions' server builds ahead of the first visitors. */
    warmUp: async (): Promise<void> => {
      if (!deployed()) return;
      const { warmUp } = await shell();
      await warmUp(publicDir, registry());
    },
  };
};

export type Composer = ReturnType<typeof createComposer>;
