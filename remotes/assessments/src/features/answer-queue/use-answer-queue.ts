import { useCallback, useEffect, useMemo, useState } from 'react';
import { saveExamAnswer, type AnswerValue } from '@entry/api';
import { createAnswerQueue, type QueueSnapshot } from './answer-queue.ts';
import type { AnswerStore } from './answer-store.ts';
import { createIdbAnswerStore } from './idb-answer-store.ts';
import type { TimedAnswer } from './merge-answers.ts';

/** Unsent answers are retried this often, as well as at once when the browser says it is back online. */
export const FLUSH_INTERVAL_MS = 5000;

let browserStore: AnswerStore | null = null;
const answerStore = () => (browserStore ??= createIdbAnswerStore());

/**
 * The sitting's answer queue: `give` records an answer on this device and sends it when it can.
 * `local` holds what this device knows beyond the server (answers given here, and after a reload,
 * those still queued); `recovering` is true from the moment the connection comes back until the
 * next answer, so the page can say that the queued answers went through.
 */
export const useAnswerQueue = (id_exam_session: number) => {
  const [snapshot, setSnapshot] = useState<QueueSnapshot>({ pending: 0, rejected: 0 });
  const [local, setLocal] = useState<Record<number, TimedAnswer>>({});
  const [recovering, setRecovering] = useState(false);
  const queue = useMemo(
    () =>
      createAnswerQueue({
        id_exam_session,
        store: answerStore(),
        send: (answer) => saveExamAnswer(id_exam_session, answer),
        onChange: setSnapshot,
      }),
    [id_exam_session],
  );

  useEffect(() => {
    let current = true;
    void queue.queued().then((queued) => {
      if (!current) return;
      setLocal((known) => {
        const restored = { ...known };
        for (const { id_question, value, answered_at } of queued) {
          const mine = restored[id_question];
          if (!mine || answered_at > mine.answered_at) restored[id_question] = { value, answered_at };
        }
        return restored;
      });
    });
    void queue.refresh().then(() => queue.flush());
    const onOnline = () => {
      setRecovering(true);
      void queue.flush();
    };
    window.addEventListener('online', onOnline);
    const timer = setInterval(() => void queue.flush(), FLUSH_INTERVAL_MS);
    return () => {
      current = false;
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
    };
  }, [queue]);

  const give = useCallback(
    (id_question: number, value: AnswerValue) => {
      const answered_at = Date.now();
      setLocal((known) => ({ ...known, [id_question]: { value, answered_at } }));
      setRecovering(false);
      void queue.give(id_question, value, answered_at);
    },
    [queue],
  );

  return { give, local, snapshot, recovering };
};
