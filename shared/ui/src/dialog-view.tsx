import * as RadixDialog from '@radix-ui/themes/components/dialog';
import type { DialogProps, DialogSize } from './dialog.tsx';
import './dialog.css';

const widths = { xs: 380, sm: 480, md: 600, lg: 800, xl: 1100 } as const;

const sizeProps = (size: DialogSize) =>
  size === 'fullscreen'
    ? { className: 'ui-dialog-fullscreen', maxWidth: 'none' }
    : // Capped at 90% of the viewport so that on a small screen the page still shows around it.
      { maxWidth: `min(${widths[size]}px, 90vw)`, maxHeight: '90vh' };

export const DialogView = ({ title, description, size = 'md', trigger, children, ...root }: DialogProps) => (
  <RadixDialog.Root {...root}>
    {trigger && <RadixDialog.Trigger>{trigger}</RadixDialog.Trigger>}
    {/* Radix warns about a dialog without a description unless told there is none. */}
    <RadixDialog.Content {...sizeProps(size)} {...(description ? {} : { 'aria-describedby': undefined })}>
      <RadixDialog.Title>{title}</RadixDialog.Title>
      {description && <RadixDialog.Description>{description}</RadixDialog.Description>}
      {children}
    </RadixDialog.Content>
  </RadixDialog.Root>
);
