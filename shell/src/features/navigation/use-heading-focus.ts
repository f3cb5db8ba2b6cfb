import { useEffect, useRef } from 'react';
import { isAddressOnlyChange, useLocation } from '@entry/routes';

/** A screen from a remote may take a moment to arrive; after this the wait is given up. */
const WAIT_FOR_HEADING_MS = 10_000;

/** Focuses the screen's h1 inside `container` once there; false while it is not. */
const focusHeading = (container: HTMLElement): boolean => {
  const heading = container.querySelector('h1');
  if (!heading) return false;
  // Focusable by script only: the heading is where reading starts, not a stop for the Tab key.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return true;
};

/**
 * After every change of screen in the app (not the first page), the focus goes to the new screen's
 * h1, so that keyboard and screen-reader users start on it instead of at the top of the page or on
 * a control that no longer exists. Steps within a screen (the parent sign-up, a test's questions)
 * move the focus themselves, and a secret taken out of the address leaves the screen as it is.
 */
export const useHeadingFocus = (containerId: string) => {
  const { pathname, state } = useLocation();
  const shown = useRef<string | null>(null);

  useEffect(() => {
    const first = shown.current === null || isAddressOnlyChange(state);
    shown.current = pathname;
    const container = document.getElementById(containerId);
    if (first || !container || focusHeading(container)) return;
    const observer = new MutationObserver(() => {
      if (focusHeading(container)) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
    // The state is read with its pathname; a change of state alone is no change of screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, containerId]);
};
