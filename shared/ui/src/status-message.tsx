import type { ComponentProps, ReactNode } from 'react';
import * as Callout from '@radix-ui/themes/components/callout';
import './status-message.css';

export const STATUS_TONES = ['success', 'warning', 'info', 'error'] as const;
export type StatusTone = (typeof STATUS_TONES)[number];

// Info speaks in the brand's accent; the other three have a scale each, loaded by BrandTheme.
const colorOf = { success: 'green', warning: 'amber', info: undefined, error: 'red' } as const satisfies Record<StatusTone, string | undefined>;

// Step 11 text on step 3 is 4.2:1 in green and amber, short of AA's 4.5:1: those tones (and red, at
// 4.54 the next to fail) write in step 12. The mark keeps step 11, which graphics need at 3:1 only.
const HIGH_CONTRAST: ReadonlySet<StatusTone> = new Set(['success', 'warning', 'error']);

const ICON_PATHS: Record<StatusTone, ReactNode> = {
  success: <path d="M5 8.2 7 10.2 11 6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />,
  warning: (
    <>
      <path d="M8 1.8 15 14H1L8 1.8Z" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
      <path d="M8 6v3.6" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      <circle cx="8" cy="11.8" r="0.9" fill="currentColor" />
    </>
  ),
  info: (
    <>
      <path d="M8 7.2V11.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      <circle cx="8" cy="4.9" r="0.9" fill="currentColor" />
    </>
  ),
  error: <path d="M5.6 5.6 10.4 10.4M10.4 5.6 5.6 10.4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />,
};

/** The tone's mark, so that no status is told by its colour alone (WCAG 1.4.1). */
const ToneIcon = ({ tone }: { tone: StatusTone }) => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    {tone !== 'warning' && <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.4" />}
    {ICON_PATHS[tone]}
  </svg>
);

export type StatusMessageProps = Omit<ComponentProps<typeof Callout.Root>, 'color' | 'variant'> & {
  tone: StatusTone;
  children: ReactNode;
};

/**
 * A success, warning, info or error message in the design system's look: the tone's colour and mark,
 * the text beside it. Its role (status, alert or none) is the caller's, as only the caller knows
 * whether it appears in answer to something.
 */
export const StatusMessage = ({ tone, children, className, ...root }: StatusMessageProps) => (
  <Callout.Root
    {...root}
    color={colorOf[tone]}
    highContrast={HIGH_CONTRAST.has(tone)}
    data-tone={tone}
    className={['ui-status', className].filter(Boolean).join(' ')}
  >
    <Callout.Icon>
      <ToneIcon tone={tone} />
    </Callout.Icon>
    {children}
  </Callout.Root>
);

/** One paragraph of a status message. */
export const StatusText = Callout.Text;
