import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { PageInput, ServiceCall, ServiceReply, WorkerData, WorkerReply, WorkerSite } from './composition-protocol.ts';
import type { VersionSet } from './version-set.ts';

/** Why a page could not be composed: its code failed to load or to render, or its worker was ended. */
export type FailureReason = 'import' | 'render' | 'deadline' | 'out-of-memory' | 'worker-exit';

export type PoolOutcome =
  /** `askedServices`: the page called the services while it was composed (its data, or anything else). */
  | { kind: 'page'; status: number; document: string; askedServices: boolean }
  | { kind: 'redirect'; location: string }
  /** Nothing to compose (the route's data answered with an error): the browser renders the page, no failure. */
  | { kind: 'skip'; reason: string }
  | { kind: 'failed'; reason: FailureReason; message: string }
  /**
   * Not composed: the version set's worker was ended for a fault a moment ago (`suspended`), has as
   * many pages waiting as it may (`busy`), or was still loading its code when the page's deadline came
   * (`starting`). The browser renders the page alone.
   */
  | { kind: 'refused'; why: 'suspended' | 'busy' | 'starting' };

export type PoolOptions = {
  /** Where the worker of a version set reads its code: the deploy folder, or the set's files in memory. */
  siteFor: (set: VersionSet) => WorkerSite;
  /** How long one page may take: past it the worker is ended and the browser renders the page. */
  deadlineMs: number;
  /**
   * How long a worker may take to load its version set's code: past it the worker is ended, as one whose
   * code does not import. A page whose deadline comes first gets the browser's page without blame.
   */
  startDeadlineMs: number;
  /** Told once each time a worker's code fails to load (throws, or takes past startDeadlineMs). */
  onStartFailure?: (set: VersionSet, message: string) => void;
  /** A worker's heap (resourceLimits.maxOldGenerationSizeMb): past it the worker is ended. */
  memoryMb: number;
  /** Pages one version set may have in hand at once; more are left to the browser. */
  maxPending: number;
  /** After a worker is ended for a fault, its version set rests this long (doubling with each fault in a row, to 60 s). */
  restMs: number;
  /** The worker's file; tests point it at a stand-in. */
  workerUrl?: URL;
};

/** The services a page calls while it renders: in-process, with the visitor's cookie (app.ts). */
export type Services = (request: Request) => Promise<Response>;

type Pending = { settle: (outcome: PoolOutcome) => void; timer: NodeJS.Timeout; port: MessagePort; askedServices: () => boolean };

type Group = {
  set: VersionSet;
  worker: Worker | null;
  /** The worker has loaded its code: from then on a page past its deadline is the code's fault. */
  ready: boolean;
  startTimer: NodeJS.Timeout | undefined;
  pending: Map<number, Pending>;
  /** Faults in a row that ended this set's worker; a composed page resets it. */
  strikes: number;
  restUntil: number;
  retired: boolean;
};

const MAX_REST_MS = 60_000;
const DEFAULT_WORKER = new URL('./composition-worker.ts', import.meta.url);

const answer = async (services: Services, call: ServiceCall): Promise<ServiceReply> => {
  try {
    const response = await services(new Request(call.url, { method: call.method, headers: call.headers, body: call.body }));
    return { call: call.call, status: response.status, statusText: response.statusText, headers: [...response.headers], body: await response.arrayBuffer() };
  } catch (error) {
    return { call: call.call, error: error instanceof Error ? error.message : String(error) };
  }
};

/**
 * Composition workers (ADR 016): one worker thread per version set, so no version's code runs on the
 * server's loop or shares module state with another version. Each page has a hard deadline, kept by
 * ending the worker (Worker.terminate stops even a loop that never yields); a worker that runs out of
 * heap or exits takes only its own pages with it. A version set whose worker was ended rests before a
 * new worker is started for it, so a version that always spins costs a few seconds of one core a minute.
 */
export const createCompositionPool = ({ siteFor, deadlineMs, startDeadlineMs, onStartFailure, memoryMb, maxPending, restMs, workerUrl = DEFAULT_WORKER }: PoolOptions) => {
  const groups = new Map<string, Group>();
  /** Sets no longer kept whose workers still have pages to send. */
  const draining = new Set<Group>();
  let nextId = 0;

  /** Ends a group's worker and settles every page it had with `reason`; the set rests before its next worker. */
  const end = (group: Group, reason: FailureReason, message: string) => {
    const { worker } = group;
    if (!worker) return;
    group.worker = null;
    clearTimeout(group.startTimer);
    void worker.terminate();
    if (reason === 'import') onStartFailure?.(group.set, message);
    group.strikes += 1;
    group.restUntil = Date.now() + Math.min(MAX_REST_MS, restMs * 2 ** (group.strikes - 1));
    for (const id of group.pending.keys()) settle(group, id, { kind: 'failed', reason, message });
  };

  const settle = (group: Group, id: number, outcome: PoolOutcome) => {
    const pending = group.pending.get(id);
    if (!pending) return;
    group.pending.delete(id);
    clearTimeout(pending.timer);
    pending.port.close();
    pending.settle(outcome);
    if (group.retired && group.pending.size === 0) stop(group);
  };

  /** Ends a group's worker without blame: its version set is no longer served. */
  const stop = (group: Group) => {
    const { worker } = group;
    draining.delete(group);
    group.worker = null;
    clearTimeout(group.startTimer);
    void worker?.terminate();
  };

  const onReply = (group: Group, reply: WorkerReply) => {
    if (reply.outcome === 'ready') {
      group.ready = true;
      return clearTimeout(group.startTimer);
    }
    if (reply.outcome === 'failed' && reply.stage === 'import') return end(group, 'import', reply.reason);
    if (reply.outcome === 'failed') return settle(group, reply.id, { kind: 'failed', reason: 'render', message: reply.reason });
    group.strikes = 0;
    if (reply.outcome === 'warm') return settle(group, reply.id, { kind: 'skip', reason: 'warm' });
    if (reply.outcome === 'skip') return settle(group, reply.id, { kind: 'skip', reason: reply.reason });
    if (reply.outcome === 'redirect') return settle(group, reply.id, { kind: 'redirect', location: reply.location });
    settle(group, reply.id, { kind: 'page', status: reply.status, document: reply.document, askedServices: group.pending.get(reply.id)?.askedServices() ?? true });
  };

  const start = (group: Group): Worker => {
    const worker = new Worker(workerUrl, {
      workerData: { site: siteFor(group.set), holds: group.set.holds } satisfies WorkerData,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    });
    worker.on('message', (reply: WorkerReply) => {
      if (group.worker === worker) onReply(group, reply);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (group.worker !== worker) return;
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') end(group, 'out-of-memory', `the worker ran out of its ${memoryMb} MB heap`);
      else end(group, 'worker-exit', error.message.split('\n')[0]!.slice(0, 300));
    });
    worker.on('exit', (code) => {
      if (group.worker === worker) end(group, 'worker-exit', `the worker exited with code ${code}`);
    });
    // A worker never holds the server up: it ends with the server's own loop (SIGTERM, tests).
    worker.unref();
    group.worker = worker;
    group.ready = false;
    group.startTimer = setTimeout(() => end(group, 'import', `loading the code took longer than ${startDeadlineMs} ms`), startDeadlineMs);
    return worker;
  };

  const groupOf = (set: VersionSet): Group => {
    const known = groups.get(set.key);
    if (known) return known;
    const group: Group = { set, worker: null, ready: false, startTimer: undefined, pending: new Map(), strikes: 0, restUntil: 0, retired: false };
    groups.set(set.key, group);
    return group;
  };

  /** Sends one task to the set's worker (started if need be) and waits for it, for the deadline at most. */
  const send = (group: Group, message: (id: number, port: MessagePort) => [unknown, MessagePort[]], services: Services | null): Promise<PoolOutcome> => {
    if (Date.now() < group.restUntil) return Promise.resolve({ kind: 'refused', why: 'suspended' });
    if (group.pending.size >= maxPending) return Promise.resolve({ kind: 'refused', why: 'busy' });
    const worker = group.worker ?? start(group);
    const id = (nextId += 1);
    const { port1, port2 } = new MessageChannel();
    let askedServices = false;
    if (services) {
      port1.on('message', (call: ServiceCall) => {
        askedServices = true;
        void answer(services, call).then((reply) => port1.postMessage(reply, 'body' in reply ? [reply.body] : []));
      });
    }
    return new Promise<PoolOutcome>((resolve) => {
      const timer = setTimeout(() => {
        if (group.ready) end(group, 'deadline', `composing took longer than ${deadlineMs} ms`);
        else settle(group, id, { kind: 'refused', why: 'starting' });
      }, deadlineMs);
      group.pending.set(id, { settle: resolve, timer, port: port1, askedServices: () => askedServices });
      const [body, transfer] = message(id, port2);
      worker.postMessage(body, transfer);
    });
  };

  return {
    /** Composes one page with the version set's worker; never throws. */
    compose: (set: VersionSet, input: PageInput, services: Services): Promise<PoolOutcome> =>
      send(groupOf(set), (id, port) => [{ id, input, port }, [port]], services),

    /** Starts the set's worker and loads its code ahead of its first visitor. */
    warm: (set: VersionSet): Promise<PoolOutcome> => {
      const group = groupOf(set);
      if (group.worker) return Promise.resolve({ kind: 'skip', reason: 'warm' });
      return send(group, (id, port) => {
        port.close();
        return [{ warm: id }, []];
      }, null);
    },

    /**
     * Keeps the workers of these version sets; every other one gets no new page, and exits (giving its
     * memory back) once the pages it has are sent, within the deadline.
     */
    retainOnly: (sets: VersionSet[]) => {
      const keep = new Set(sets.map(({ key }) => key));
      for (const [key, group] of groups) {
        if (keep.has(key)) continue;
        groups.delete(key);
        group.retired = true;
        if (group.pending.size === 0) stop(group);
        else draining.add(group);
      }
    },

    /** The version sets with a running worker (those draining included). */
    running: (): string[] => [...new Set([...groups.values(), ...draining].filter((group) => group.worker).map((group) => group.set.key))],

    close: async (): Promise<void> => {
      const all = [...groups.values(), ...draining];
      const workers = all.flatMap((group) => (group.worker ? [group.worker] : []));
      for (const group of all) {
        group.worker = null;
        for (const id of group.pending.keys()) settle(group, id, { kind: 'refused', why: 'busy' });
      }
      groups.clear();
      draining.clear();
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
};

export type CompositionPool = ReturnType<typeof createCompositionPool>;
