import { lazy, Suspense } from 'react';
import { useAlertDialogStore } from './alert-dialog-store.ts';

// Radix's dialog machinery is about 12 KB gzip that no page needs before its first alert.
const AlertDialogView = lazy(() =>
  import('./alert-dialog-view.tsx').then(({ AlertDialogView }) => ({ default: AlertDialogView })),
);

/** Shows the queued alert dialogs one at a time, oldest first; the next opens when one closes. */
export const AlertDialogHost = () => {
  const dialog = useAlertDialogStore((state) => state.queue[0]);
  const close = useAlertDialogStore((state) => state.close);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      {/* Keyed so the next dialog mounts fresh, with its own focus and opening animation. */}
      <AlertDialogView
        key={dialog.id}
        dialog={dialog}
        onClose={() => {
          close(dialog.id);
          dialog.onClose?.();
        }}
      />
    </Suspense>
  );
};
