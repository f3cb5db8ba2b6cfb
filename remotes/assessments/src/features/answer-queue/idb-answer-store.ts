import { createMemoryAnswerStore, type AnswerStore, type QueuedAnswer } from './answer-store.ts';

const DATABASE = 'entry-assessments';
const ANSWERS = 'answers';
const BY_SESSION = 'by_session';

const openDatabase = (): Promise<IDBDatabase> =>
  new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      const answers = request.result.createObjectStore(ANSWERS, { keyPath: 'id_answer' });
      answers.createIndex(BY_SESSION, 'id_exam_session');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });

/** Runs one request in its own transaction and settles when the transaction has committed. */
const run = <T>(database: IDBDatabase, mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    const transaction = database.transaction(ANSWERS, mode);
    const request = use(transaction.objectStore(ANSWERS));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });

/**
 * The answer store of the browser: IndexedDB, which outlives a reload, a crash and a lost
 * connection. Where it cannot open (some private modes) answers are kept in memory instead: the
 * queue still works, it just does not survive a reload.
 */
export const createIdbAnswerStore = (): AnswerStore => {
  const fallback = createMemoryAnswerStore();
  let database: Promise<IDBDatabase | null> | null = null;
  const open = () =>
    (database ??= typeof indexedDB === 'undefined' ? Promise.resolve(null) : openDatabase().catch(() => null));
  return {
    list: async (id_exam_session) => {
      const db = await open();
      return db ? run<QueuedAnswer[]>(db, 'readonly', (store) => store.index(BY_SESSION).getAll(id_exam_session)) : fallback.list(id_exam_session);
    },
    put: async (answer) => {
      const db = await open();
      if (db) await run(db, 'readwrite', (store) => store.put(answer));
      else await fallback.put(answer);
    },
    remove: async (id_answer) => {
      const db = await open();
      if (db) await run(db, 'readwrite', (store) => store.delete(id_answer));
      else await fallback.remove(id_answer);
    },
  };
};
