/**
 * A promise that says how it settled, the way React's `use` reads a thenable: once fulfilled, `use`
 * returns its value in the same render instead of suspending. That is what lets the server render a
 * remote's screen in one pass, and the browser hydrate it without showing the loading state first.
 */
export type TrackedPromise<T> = Promise<T> & { status: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export const track = <T>(promise: Promise<T>): TrackedPromise<T> => {
  const tracked = Object.assign(promise, { status: 'pending' as const }) as TrackedPromise<T>;
  // Nothing is returned from these: handing back `tracked` would chain its own rejection, unhandled.
  tracked.then(
    (value) => {
      Object.assign(tracked, { status: 'fulfilled', value });
    },
    (reason: unknown) => {
      Object.assign(tracked, { status: 'rejected', reason });
    },
  );
  return tracked;
};

/** A value already there, as a promise `use` reads at once. */
export const fulfilled = <T>(value: T): TrackedPromise<T> => Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });
