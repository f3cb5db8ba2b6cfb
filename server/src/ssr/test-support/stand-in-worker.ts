/**
 * A composition worker for the pool's and the composer's tests: it speaks composition-protocol.ts like
 * the real one, but instead of loading a shell it does what the page's address asks in `?do=` (by
 * default, compose a page). Each page it composes names the version it holds and its thread, so a
 * test can tell which worker, and which start of it, answered.
 */
import { parentPort, threadId, workerData, type MessagePort } from 'node:worker_threads';
import type { ComposeTask, ServiceCall, ServiceReply, WorkerData, WorkerReply } from '../composition-protocol.ts';

const { holds } = workerData as WorkerData;
const signature = `${holds ? `${holds.remote}@${holds.version}` : 'shell'} on thread ${threadId}`;

/** One call to the services over the task's port, as the real worker's fetch makes it. */
const callServices = (port: MessagePort, call: ServiceCall) =>
  new Promise<ServiceReply>((resolve) => {
    port.once('message', resolve);
    port.postMessage(call, call.body ? [call.body] : []);
  });

const page = (id: number, text: string): WorkerReply => ({ id, outcome: 'page', status: 200, document: `${text} (${signature})` });

const behaviours: Record<string, (task: ComposeTask) => Promise<WorkerReply> | WorkerReply> = {
  page: ({ id }) => page(id, 'a page'),
  slow: ({ id }) => new Promise((resolve) => setTimeout(() => resolve(page(id, 'a slow page')), 300)),
  stuck: () => new Promise<WorkerReply>(() => undefined),
  services: async ({ id, port }) => {
    const body = new TextEncoder().encode('asked by the page').buffer;
    const reply = await callServices(port, { call: 1, url: 'http://localhost/echo', method: 'POST', headers: [['x-asked-by', 'stand-in']], body });
    if ('error' in reply) return { id, outcome: 'failed', stage: 'render', reason: reply.error };
    return page(id, `the services answered ${reply.status}: ${new TextDecoder().decode(reply.body)}`);
  },
  throw: ({ id }) => ({ id, outcome: 'failed', stage: 'render', reason: 'the screen threw' }),
  'import-fails': ({ id }) => ({ id, outcome: 'failed', stage: 'import', reason: 'the remote could not be loaded' }),
  spin: () => {
    const until = Date.now() + 60_000;
    while (Date.now() < until);
    throw new Error('spun for a minute');
  },
  loop: () => {
    for (;;);
  },
  memory: () => {
    const kept: number[][] = [];
    for (;;) kept.push(new Array(100_000).fill(kept.length));
  },
  exit: () => process.exit(3),
  crash: () => {
    setTimeout(() => {
      throw new Error('the worker crashed\nat somewhere');
    });
    return new Promise<WorkerReply>(() => undefined);
  },
};

// Its code is loaded at once, unless the version it holds says it never finishes loading.
if (holds?.version !== 'never-loads') parentPort?.postMessage({ id: 0, outcome: 'ready' } satisfies WorkerReply);

parentPort?.on('message', async (message: { warm: number } | ComposeTask) => {
  // The real worker answers nothing before its code is loaded.
  if (holds?.version === 'never-loads') return;
  if ('warm' in message) return parentPort?.postMessage({ id: message.warm, outcome: 'warm' } satisfies WorkerReply);
  const asked = new URL(message.input.url).searchParams.get('do') ?? 'page';
  const behave = behaviours[asked];
  if (!behave) throw new Error(`the stand-in worker cannot ${asked}`);
  parentPort?.postMessage(await behave(message));
  message.port.close();
});
