import type { ExamAnswer } from '@entry/api';

/** An answer waiting on this device to reach the server; `rejected` ones the server refused for good. */
export type QueuedAnswer = ExamAnswer & { id_exam_session: number; rejected?: boolean };

/** Where queued answers live: IndexedDB in the browser, memory in tests and where IndexedDB is missing. */
export interface AnswerStore {
  list(id_exam_session: number): Promise<QueuedAnswer[]>;
  put(answer: QueuedAnswer): Promise<void>;
  remove(id_answer: string): Promise<void>;
}

export const createMemoryAnswerStore = (): AnswerStore => {
  const answers = new Map<string, QueuedAnswer>();
  return {
    list: async (id_exam_session) => [...answers.values()].filter((answer) => answer.id_exam_session === id_exam_session),
    put: async (answer) => {
      answers.set(answer.id_answer, { ...answer });
    },
    remove: async (id_answer) => {
      answers.delete(id_answer);
    },
  };
};
