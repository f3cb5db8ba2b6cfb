import { toast, type ToastOptions } from 'react-hot-toast/headless';

/** A button in the toast; pressing it runs `onClick` and dismisses the toast. */
export type ToastAction = { label: string; onClick: () => void };

/**
 * Passing the id of a toast still on screen updates that toast in place instead of adding one. A
 * toast with an action stays until it is acted on or dismissed: it asks for a decision.
 */
export type NotifyOptions = { id?: string; action?: ToastAction };

/** The actions of the toasts on screen, by toast id; the host renders them. */
export const toastActions = new Map<string, ToastAction>();

const withAction = (id: string, action: ToastAction | undefined) => {
  if (action) toastActions.set(id, action);
  else toastActions.delete(id);
  return id;
};

type Show = (message: string, options?: NotifyOptions) => string;

export type Notify = {
  blank: Show;
  success: Show;
  error: Show;
  loading: Show;
  /** Hides the toast (every toast without an id); it leaves the DOM a second later. */
  dismiss: (id?: string) => void;
};

// An error interrupts the screen reader; everything else waits for it to finish.
const assertive: ToastOptions['ariaProps'] = { role: 'alert', 'aria-live': 'assertive' };

/**
 * Shows toasts in the page's `<Toasts />` host; each call returns the toast's id. How long each kind
 * stays is set by the host (spec 9).
 */
export const notify: Notify = {
  blank: (message, options) =>
    withAction(
      toast(message, { id: options?.id, duration: options?.action ? Number.POSITIVE_INFINITY : undefined }),
      options?.action,
    ),
  success: (message, options) => toast.success(message, { id: options?.id }),
  error: (message, options) => toast.error(message, { id: options?.id, ariaProps: assertive }),
  loading: (message, options) => toast.loading(message, { id: options?.id }),
  dismiss: (id) => toast.dismiss(id),
};
