/**
 * Work the first tap does not need (error reporting's SDK, the release-notice check) starts when the
 * browser is idle after the page has started, or after `timeout` ms at the latest (ADR 024). Returns a
 * function that cancels it.
 */
export const whenIdle = (task: () => void, timeout = 3000): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => task(), { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 1);
  return () => clearTimeout(timer);
};

/**
 * Ends the current task and goes on in a new one (`scheduler.yield` where the browser has it), so the
 * page's start is several short tasks rather than one long one: a tap in between is answered.
 */
export const yieldToMain = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
};
