import { ApiError, type AnswerValue, type ExamAnswer } from '@entry/api';
import type { AnswerStore, QueuedAnswer } from './answer-store.ts';

export type QueueSnapshot = {
  /** Answers on this device the server has not confirmed yet. */
  pending: number;
  /** Answers the server refused for good (the sitting was archived, say): kept, and shown. */
  rejected: number;
};

/**
 * What to do about an answer the server did not take. No answer (offline), a server error or a
 * lost session: keep it and try again later. Any other refusal will not change by resending.
 */
export const classifyFailure = (error: unknown): 'retry' | 'rejected' => {
  if (!(error instanceof ApiError)) return 'retry';
  const { status } = error;
  return status === 0 || status >= 500 || status === 401 || status === 408 || status === 429 ? 'retry' : 'rejected';
};

export type AnswerQueueOptions = {
  id_exam_session: number;
  store: AnswerStore;
  /** Sends one answer; resolves once the server has it (a resend of a stored one included). */
  send: (answer: ExamAnswer) => Promise<unknown>;
  onChange?: (snapshot: QueueSnapshot) => void;
  newId?: () => string;
  now?: () => number;
  /** False only when the device surely has no network (navigator.onLine); no attempt is made then. */
  isOnline?: () => boolean;
};

const oldestFirst = (a: QueuedAnswer, b: QueuedAnswer) => a.answered_at - b.answered_at || a.id_answer.localeCompare(b.id_answer);

/** A random answer id; randomUUID exists only on https (and localhost), getRandomValues everywhere. */
export const newAnswerId = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

const toAnswer = ({ id_answer, id_question, value, answered_at }: QueuedAnswer): ExamAnswer => ({ id_answer, id_question, value, answered_at });

/**
 * The applicant's answers on their way to the server, so that none is ever lost. Every answer is
 * written to the store before anything is sent, then sent oldest first, one at a time, and
 * removed only once the server has it; a failure to reach the server stops the round, and the
 * next flush (an answer, the `online` event, the interval) resumes it. Each answer has its own
 * id, so resending one the server already took stores nothing twice.
 *
 * An answer superseded before it was sent (text typed on, another option chosen) is dropped: the
 * question's latest answer is what counts, and it is always kept.
 */
export const createAnswerQueue = ({
  id_exam_session,
  store,
  send,
  onChange = () => {},
  newId = newAnswerId,
  now = () => Date.now(),
  isOnline = () => globalThis.navigator?.onLine ?? true,
}: AnswerQueueOptions) => {
  let snapshot: QueueSnapshot = { pending: 0, rejected: 0 };
  let inFlight: string | null = null;
  let requested = false;
  let draining: Promise<void> | null = null;

  // Store reads and writes happen one at a time, so choosing what to send and dropping a
  // superseded answer never interleave.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = chain.then(task);
    chain = next.catch(() => undefined);
    return next;
  };

  const refresh = async () => {
    const all = await serial(() => store.list(id_exam_session));
    const rejected = all.filter((answer) => answer.rejected).length;
    snapshot = { pending: all.length - rejected, rejected };
    onChange(snapshot);
  };

  const takeNext = () =>
    serial(async () => {
      const next = (await store.list(id_exam_session)).filter((answer) => !answer.rejected).sort(oldestFirst)[0] ?? null;
      inFlight = next?.id_answer ?? null;
      return next;
    });

  /** Sends until nothing is left or the server cannot be reached. */
  const drain = async () => {
    while (requested) {
      requested = false;
      for (let next = await takeNext(); next; next = await takeNext()) {
        const answer = next;
        try {
          await send(toAnswer(answer));
          await serial(() => store.remove(answer.id_answer));
        } catch (error) {
          if (classifyFailure(error) === 'retry') {
            inFlight = null;
            return;
          }
          await serial(async () => {
            const stillQueued = (await store.list(id_exam_session)).some((queued) => queued.id_answer === answer.id_answer);
            if (stillQueued) await store.put({ ...answer, rejected: true });
          });
        } finally {
          inFlight = null;
          await refresh();
        }
      }
    }
  };

  const flush = (): Promise<void> => {
    // Offline, an attempt would only fail; and with nothing in flight, superseded answers all go.
    if (!isOnline()) return draining ?? Promise.resolve();
    requested = true;
    draining ??= drain().finally(() => {
      draining = null;
    });
    return draining;
  };

  /** Records an answer on this device at once, then sends it when it can. */
  const give = async (id_question: number, value: AnswerValue, answered_at: number = now()): Promise<void> => {
    const answer: QueuedAnswer = { id_answer: newId(), id_exam_session, id_question, value, answered_at };
    await serial(async () => {
      const superseded = (await store.list(id_exam_session)).filter(
        (queued) => queued.id_question === id_question && !queued.rejected && queued.id_answer !== inFlight,
      );
      for (const old of superseded) await store.remove(old.id_answer);
      await store.put(answer);
    });
    await refresh();
    void flush();
  };

  return {
    give,
    flush,
    /** Everything still on this device, for a page that reloads to show its latest answers. */
    queued: () => serial(() => store.list(id_exam_session)),
    snapshot: () => snapshot,
    refresh,
  };
};

export type AnswerQueue = ReturnType<typeof createAnswerQueue>;
