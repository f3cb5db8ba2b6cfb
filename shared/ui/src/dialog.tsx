import { lazy, Suspense, useState, type ReactElement, type ReactNode } from 'react';

/** Spec 9: xs 380, sm 480, md 600, lg 800, xl 1100 px wide, or the whole viewport. */
export type DialogSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'fullscreen';

export type DialogProps = {
  title: string;
  description?: string;
  /** md unless told otherwise. */
  size?: DialogSize;
  /** The element that opens the dialog; leave it out and drive `open` instead. */
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  /** Also the way to close the dialog from its content: hold `open` and set it to false. */
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
};

// Radix's dialog machinery is about 12 KB gzip; it loads with the first screen that has a dialog.
const DialogView = lazy(() => import('./dialog-view.tsx').then(({ DialogView }) => ({ default: DialogView })));

/** A modal dialog with a title, an optional description and its content. */
export const Dialog = ({ defaultOpen = false, ...props }: DialogProps) => {
  const [clickedEarly, setClickedEarly] = useState(false);
  // A click on the trigger while Radix is still loading is kept: the dialog opens once it arrives.
  const openEarly = () => (props.open === undefined ? setClickedEarly(true) : props.onOpenChange?.(true));
  return (
    <Suspense
      fallback={
        props.trigger && (
          <span style={{ display: 'contents' }} onClickCapture={openEarly}>
            {props.trigger}
          </span>
        )
      }
    >
      <DialogView {...props} defaultOpen={defaultOpen || clickedEarly} />
    </Suspense>
  );
};
