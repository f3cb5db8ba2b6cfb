import type { ComponentProps } from 'react';
import { Link as RadixLink } from '@radix-ui/themes/components/link';

export type LinkProps = ComponentProps<typeof RadixLink> & {
  /**
   * A link on its own line, in a list or beside buttons, rather than inside a sentence: it becomes a
   * 44 px target. Links in running text keep the line's height (WCAG 2.5.8's inline exception).
   */
  standalone?: boolean;
};

/** Radix Themes' link, which can stand alone as a thumb-sized target. */
export const Link = ({ standalone = false, className, ...props }: LinkProps) => (
  <RadixLink {...props} className={standalone ? ['ui-standalone-link', className].filter(Boolean).join(' ') : className} />
);
