/**
 * Work the first tap does not need (error reporting's SDK, the release-notice check) starts when the
 * browser is idle after the page has started, or after `timeout` ms at the latest (ADR 023). Returns a
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
