import { ALERT_DIALOG_WIDTHS_PX } from '@entry/constants';
import * as AlertDialog from '@radix-ui/themes/components/alert-dialog';
import { Button } from '@radix-ui/themes/components/button';
import { Flex } from '@radix-ui/themes/components/flex';
import type { AlertDialogSize, QueuedAlertDialog } from './alert-dialog-store.ts';
import { useReturnFocus } from './use-return-focus.ts';
import './dialog.css';

const widths = ALERT_DIALOG_WIDTHS_PX satisfies Record<AlertDialogSize, number>;

type Props = { dialog: QueuedAlertDialog; onClose: () => void };

/** One alert dialog, open from the moment it mounts until its action, cancel or Escape closes it. */
export const AlertDialogView = ({ dialog, onClose }: Props) => {
  const { title, description, actionLabel, cancelLabel, onAction, size = 'sm' } = dialog;
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open onOpenChange={(open) => open || onClose()}>
      <AlertDialog.Content maxWidth={`min(${widths[size]}px, 90vw)`} {...returnFocus}>
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description>{description}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          {cancelLabel && (
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
          )}
          <AlertDialog.Action>
            <Button onClick={() => onAction?.()}>{actionLabel}</Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
};
