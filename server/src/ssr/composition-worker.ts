/**
 * A composition worker (ADR 016): a thread of its own that holds one version set, the deployed shell's
 * server renderer and at most one remote version, and composes the pages the pool sends it. Whatever
 * that code does at module level (translations, stores, caches) stays in this thread; whatever it
 * does wrong (spins, loops, runs out of memory, exits) ends this thread, never the server's loop.
 * Its code comes from the deploy folder, or from memory on a node reading a store, which keeps no file
 * of the site on its disk (ADR 020).
 */
import { readFileSync } from 'node:fs';
import { enableCompileCache, registerHooks } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { ComposeTask, ServiceCall, ServiceReply, ShellServer, SiteFiles, WorkerData, WorkerReply, WorkerSite } from './composition-protocol.ts';

const { site, holds } = workerData as WorkerData;

/**
 * The address the shell's server build is imported at when its files are in memory: a file URL (its
 * build makes a `require` for Node's modules from its own address) of a folder no disk has, whose
 * modules Node's in-thread hooks resolve and load from memory.
 */
const MEMORY_ROOT = 'file:///entry-site.invalid/';

/** The shell's server build, imported from the deploy folder or from the files in memory. */
const shellEntry = (from: WorkerSite): string => {
  if (from.kind === 'folder') {
    // A worker starts with every release, every canary and every rest: Node keeps the compiled shell and
    // remote (several MB of JavaScript) between starts, in the system's temporary folder, keyed by content.
    enableCompileCache();
    return pathToFileURL(join(from.dir, 'server', 'index.mjs')).href;
  }
  const { files } = from;
  registerHooks({
    resolve: (specifier, context, nextResolve) => {
      const parent = context.parentURL?.startsWith(MEMORY_ROOT) ? context.parentURL : undefined;
      if (specifier.startsWith(MEMORY_ROOT)) return { url: specifier, format: 'module', shortCircuit: true };
      if (parent && /^\.\.?\//.test(specifier)) return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
      return nextResolve(specifier, context);
    },
    load: (url, context, nextLoad) => {
      if (!url.startsWith(MEMORY_ROOT)) return nextLoad(url, context);
      const source = files.get(decodeURIComponent(url.slice(MEMORY_ROOT.length)));
      if (source === undefined) throw new Error(`${url.slice(MEMORY_ROOT.length)} is not among the shell release's files held in memory`);
      return { format: 'module', source, shortCircuit: true };
    },
  });
  return `${MEMORY_ROOT}server/index.mjs`;
};

const memoryFiles = (files: Map<string, string>): SiteFiles => ({ read: (path) => files.get(path) ?? null });

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);

/** The shell's renderer and this worker's remote version, loaded once; a failure here is this worker's end. */
const loading: Promise<{ shell: ShellServer; files: SiteFiles | string; template: string }> = (async () => {
  const shell = (await import(shellEntry(site))) as ShellServer;
  // A shell built before its renderer read the site through SiteFiles takes the deploy folder's path.
  const files = site.kind === 'memory' ? memoryFiles(site.files) : (shell.folderFiles?.(site.dir) ?? site.dir);
  await shell.warmUp(files, holds);
  const template = site.kind === 'memory' ? site.files.get('index.html') : readFileSync(join(site.dir, 'index.html'), 'utf8');
  if (template === undefined) throw new Error('The site has no index.html');
  return { shell, files, template };
})();
/** Tells the pool, once the code is loaded, that it is (`ready`, or a warm-up's `warm`) or why it could not be. */
const whenLoaded = (id: number, outcome: 'ready' | 'warm') =>
  loading.then(
    () => parentPort?.postMessage({ id, outcome } satisfies WorkerReply),
    (error: unknown) => parentPort?.postMessage({ id, outcome: 'failed', stage: 'import', reason: firstLine(error) } satisfies WorkerReply),
  );
// The pool keeps a start deadline apart from the pages' deadline: it hears when loading is done.
void whenLoaded(0, 'ready');

/** The services as the visitor calls them, answered by the server's loop over this task's port. */
const servicesOver = (port: MessagePort): typeof fetch => {
  const waiting = new Map<number, (reply: ServiceReply) => void>();
  let next = 0;
  port.on('message', (reply: ServiceReply) => {
    waiting.get(reply.call)?.(reply);
    waiting.delete(reply.call);
  });
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
    const call: ServiceCall = { call: (next += 1), url: request.url, method: request.method, headers: [...request.headers], body };
    const reply = await new Promise<ServiceReply>((resolve) => {
      waiting.set(call.call, resolve);
      port.postMessage(call, body ? [body] : []);
    });
    if ('error' in reply) throw new TypeError(`the services did not answer: ${reply.error}`);
    return new Response(reply.body, { status: reply.status, statusText: reply.statusText, headers: reply.headers });
  };
};

const compose = async ({ id, input, port }: ComposeTask): Promise<WorkerReply> => {
  let loaded: Awaited<typeof loading>;
  try {
    loaded = await loading;
  } catch (error) {
    return { id, outcome: 'failed', stage: 'import', reason: firstLine(error) };
  }
  try {
    const result = await loaded.shell.composePage({ ...input, files: loaded.files, publicDir: site.kind === 'folder' ? site.dir : undefined, holds, template: loaded.template, fetch: servicesOver(port) });
    if (result.kind === 'failed') return { id, outcome: 'failed', stage: 'render', reason: result.reason };
    if (result.kind === 'skip') return { id, outcome: 'skip', reason: result.reason };
    if (result.kind === 'redirect') return { id, outcome: 'redirect', location: result.location };
    return { id, outcome: 'page', status: result.status, document: result.document };
  } catch (error) {
    return { id, outcome: 'failed', stage: 'render', reason: firstLine(error) };
  } finally {
    port.close();
  }
};

parentPort?.on('message', (message: { warm: number } | ComposeTask) => {
  if ('warm' in message) return void whenLoaded(message.warm, 'warm');
  void compose(message).then((reply) => parentPort?.postMessage(reply));
});
