import { useRef } from 'react';

type AutoFocusEvent = { preventDefault: () => void };

/**
 * For a Radix dialog opened without its Trigger (from a store, a banner's button, a toast): Radix
 * sends the focus back to its trigger on close, and without one it is lost to the top of the page.
 * This notes what had the focus as the dialog opened and gives it back when it closes (WCAG 2.4.3).
 */
export const useReturnFocus = () => {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: AutoFocusEvent) => {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
};
