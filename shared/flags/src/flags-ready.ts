let ready = false;
const listeners = new Set<() => void>();

/** Latches: once a screen has stopped waiting it must not go back to waiting on a context change. */
export const markFlagsReady = () => {
  if (ready) return;
  ready = true;
  listeners.forEach((listener) => listener());
};

export const isFlagsReady = () => ready;

export const subscribeToFlagsReady = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
