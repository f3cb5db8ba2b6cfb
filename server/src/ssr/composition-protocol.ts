import type { MessagePort } from 'node:worker_threads';
import type { RemoteName } from '@entry/routes';
import type { Holds } from './version-set.ts';

/** What a page is composed from, as the server's loop knows it (the services are called back over the task's port). */
export type PageInput = {
  url: string;
  visitorId: string;
  /** Versions this visitor is pinned to by a preview link (server/src/preview), whatever the registry says. */
  pins?: Partial<Record<RemoteName, string>>;
  user: unknown;
  sessionEnded: boolean;
  /**
   * The visitor's cookies, their country as the edge (a trusted proxy) tells it and whether consent is
   * asked there (null: it does not say). None for a page written for a static host: its browser asks.
   */
  visitor?: { cookies: string; eu: boolean | null; country: string | null };
  /** remotes.json as deployed now. */
  registry: unknown;
  site: { origin: string; googleClientId?: string };
  /** Written ahead for a static host, for no one in particular (release/src/prerender.ts). */
  prerendered?: boolean;
};

/** The site's files as the shell's server renderer reads them (shell/src/server/site-files.ts). */
export type SiteFiles = { read(path: string): string | null; readonly dir?: string };

/**
 * The shell's server renderer as its build exports it (shell/src/server.ts). A shell built before its
 * renderer read the site through SiteFiles has no `folderFiles`, and takes the deploy folder's path as
 * `files` in `warmUp` and as `publicDir` in `composePage`.
 */
export type ShellServer = {
  folderFiles?: (dir: string) => SiteFiles;
  warmUp: (files: SiteFiles | string, holds: Holds) => Promise<void>;
  composePage: (
    input: PageInput & { files: SiteFiles | string; publicDir?: string; holds: Holds; template: string; fetch: typeof fetch },
  ) => Promise<
    | { kind: 'page'; status: number; document: string }
    | { kind: 'redirect'; location: string }
    | { kind: 'skip'; reason: string }
    | { kind: 'failed'; reason: string }
  >;
};

/**
 * Where a worker reads the code it runs: the deploy folder, or (a node reading a store) the files of its
 * version set held in memory, by path below the site's root: the shell release's and its remote version's.
 */
export type WorkerSite = { kind: 'folder'; dir: string } | { kind: 'memory'; files: Map<string, string> };

export type WorkerData = { site: WorkerSite; holds: Holds };

export type ComposeTask = { id: number; input: PageInput; port: MessagePort };

/** Where a composition failed: loading the version set's code, or rendering the page with it. */
export type FailedStage = 'import' | 'render';

export type WorkerReply =
  /** Sent once, with id 0, when the worker has loaded its code (a failure to load is sent as `failed` at `import`). */
  | { id: number; outcome: 'ready' }
  | { id: number; outcome: 'warm' }
  | { id: number; outcome: 'page'; status: number; document: string }
  | { id: number; outcome: 'redirect'; location: string }
  | { id: number; outcome: 'skip'; reason: string }
  | { id: number; outcome: 'failed'; stage: FailedStage; reason: string };

/** A call to the services made while a page renders, and its answer. */
export type ServiceCall = { call: number; url: string; method: string; headers: [string, string][]; body: ArrayBuffer | null };
export type ServiceReply =
  | { call: number; status: number; statusText: string; headers: [string, string][]; body: ArrayBuffer }
  | { call: number; error: string };
