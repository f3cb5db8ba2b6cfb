import { create } from 'zustand';

/** Spec 9's alert dialog widths: xs 380, sm 480, md 600 px. */
export type AlertDialogSize = 'xs' | 'sm' | 'md';

export type AlertDialogOptions = {
  title: string;
  description: string;
  actionLabel: string;
  /** Without it the dialog offers only the action (Escape still closes it). */
  cancelLabel?: string;
  onAction?: () => void;
  /** However it closed (action, cancel or Escape). */
  onClose?: () => void;
  size?: AlertDialogSize;
};

export type QueuedAlertDialog = AlertDialogOptions & { id: number };

type AlertDialogState = {
  /** First in, first out; the head is the dialog on screen. */
  queue: readonly QueuedAlertDialog[];
  enqueue: (options: AlertDialogOptions) => number;
  close: (id: number) => void;
};

let lastId = 0;

export const useAlertDialogStore = create<AlertDialogState>()((set) => ({
  queue: [],
  enqueue: (options) => {
    lastId += 1;
    const id = lastId;
    set(({ queue }) => ({ queue: [...queue, { ...options, id }] }));
    return id;
  },
  // By id, so a late second close (action and then Escape) cannot drop the next dialog.
  close: (id) => set(({ queue }) => ({ queue: queue.filter((dialog) => dialog.id !== id) })),
}));

/** Queues an alert dialog for the page's `<AlertDialogHost />`; returns its id. */
export const alertDialog = (options: AlertDialogOptions): number =>
  useAlertDialogStore.getState().enqueue(options);
