/**
 * Tells the event streams of one exam session that it changed. In-process: the reference server is
 * one process; a deployment of several would put a broker (or the database's notifications) here.
 */
export const createSessionHub = () => {
  const listeners = new Map<number, Set<() => void>>();
  return {
    subscribe: (id_exam_session: number, listener: () => void): (() => void) => {
      const set = listeners.get(id_exam_session) ?? new Set();
      set.add(listener);
      listeners.set(id_exam_session, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(id_exam_session);
      };
    },
    publish: (id_exam_session: number): void => {
      for (const listener of listeners.get(id_exam_session) ?? []) listener();
    },
  };
};

export type SessionHub = ReturnType<typeof createSessionHub>;
