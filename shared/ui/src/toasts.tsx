import { resolveValue, useToaster, type DefaultToastOptions, type ToastPosition } from 'react-hot-toast/headless';
import { Button } from '@radix-ui/themes/components/button';
import { Card } from '@radix-ui/themes/components/card';
import { Flex } from '@radix-ui/themes/components/flex';
import { Spinner } from '@radix-ui/themes/components/spinner';
import { Text } from '@radix-ui/themes/components/text';
import { TOAST_DURATIONS_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@entry/constants';
import { notify, toastActions } from './notify.ts';
import './toasts.css';

export type { ToastPosition };

/** Spec 9. react-hot-toast would keep a loading toast forever; the spec gives up after 30 s. */
const toastOptions = {
  removeDelay: TOAST_REMOVE_DELAY_MS,
  blank: { duration: TOAST_DURATIONS_MS.blank },
  error: { duration: TOAST_DURATIONS_MS.error },
  success: { duration: TOAST_DURATIONS_MS.success },
  loading: { duration: TOAST_DURATIONS_MS.loading },
} satisfies DefaultToastOptions;

// Spec 9's limit. react-hot-toast 2.6 already caps its store at 20 (TOAST_LIMIT in core/store.ts,
// which no option changes); cutting here too keeps the limit ours if the library's default moves.

const ToastActionButton = ({ id }: { id: string }) => {
  const action = toastActions.get(id);
  if (!action) return null;
  return (
    <Button
      size="1"
      onClick={() => {
        toastActions.delete(id);
        notify.dismiss(id);
        action.onClick();
      }}
    >
      {action.label}
    </Button>
  );
};

/**
 * The one place toasts appear; `notify` fills it. Built on react-hot-toast's headless hook with Radix
 * parts, which spares the page its styled Toaster and CSS-in-JS runtime.
 */
export const Toasts = ({ position = 'top-center' }: { position?: ToastPosition }) => {
  const { toasts, handlers } = useToaster(toastOptions);
  return (
    <div
      className="ui-toasts"
      data-position={position}
      onMouseEnter={handlers.startPause}
      onMouseLeave={handlers.endPause}
    >
      {toasts.slice(0, TOAST_LIMIT).map((toast) => (
        // A dismissed toast stays a second to animate out, hidden from assistive technology.
        <div
          key={toast.id}
          className="ui-toast"
          data-state={toast.visible ? 'open' : 'closed'}
          aria-hidden={toast.visible ? undefined : true}
        >
          <div className="ui-toast-clip">
            <Card variant="classic" size="1">
              <Flex align="center" gap="2">
                {toast.type === 'loading' && <Spinner />}
                <Text size="2" color={toast.type === 'error' ? 'red' : toast.type === 'success' ? 'green' : undefined} {...toast.ariaProps}>
                  {resolveValue(toast.message, toast)}
                </Text>
                <ToastActionButton id={toast.id} />
              </Flex>
            </Card>
          </div>
        </div>
      ))}
    </div>
  );
};
