import { DIALOG_WIDTHS_PX } from '@entry/constants';
import * as RadixDialog from '@radix-ui/themes/components/dialog';
import type { DialogProps, DialogSize } from './dialog.tsx';
import { useReturnFocus } from './use-return-focus.ts';
import './dialog.css';

const widths = DIALOG_WIDTHS_PX;

const sizeProps = (size: DialogSize) =>
  size === 'fullscreen'
    ? { className: 'ui-dialog-fullscreen', maxWidth: 'none' }
    : // Capped at 90% of the viewport so that on a small screen the page still shows around it.
      { maxWidth: `min(${widths[size]}px, 90vw)`, maxHeight: '90vh' };

export const DialogView = ({ title, description, size = 'md', trigger, children, ...root }: DialogProps) => {
  // With a trigger Radix gives it the focus back itself.
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root {...root}>
      {trigger && <RadixDialog.Trigger>{trigger}</RadixDialog.Trigger>}
      {/* Radix warns about a dialog without a description unless told there is none. */}
      <RadixDialog.Content
        {...sizeProps(size)}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...(trigger ? {} : returnFocus)}
      >
        <RadixDialog.Title>{title}</RadixDialog.Title>
        {description && <RadixDialog.Description>{description}</RadixDialog.Description>}
        {children}
      </RadixDialog.Content>
    </RadixDialog.Root>
  );
};
