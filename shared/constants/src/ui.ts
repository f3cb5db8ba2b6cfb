/* Numbers of the shared interface kit (SPEC 9); pixel values carry _PX, durations _MS. */

export const TOAST_DURATIONS_MS = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: 30_000,
} as const;
export type ToastKind = keyof typeof TOAST_DURATIONS_MS;
export const TOAST_LIMIT = 20;
export const TOAST_WIDTH_PX = 400;
export const TOAST_SPACING_PX = 8;
/** A dismissed toast stays mounted this long so its exit animation can finish. */
export const TOAST_REMOVE_DELAY_MS = 1000;

export const DIALOG_SIZES = ['xs', 'sm', 'md', 'lg', 'xl', 'fullscreen'] as const;
export type DialogSize = (typeof DIALOG_SIZES)[number];
/** `fullscreen` has no width: it takes the viewport. */
export const DIALOG_WIDTHS_PX = { xs: 380, sm: 480, md: 600, lg: 800, xl: 1100 } as const;
export const DIALOG_MAX_VIEWPORT_PERCENT = 90;
export const DIALOG_ANIMATION_MS = 550;
export const DIALOG_OVERLAY_FADE_IN_MS = 250;

/**
 * Alert dialogs only come in the three smaller dialog widths; the spec gives the widths without names,
 * so they reuse the dialog's names for them.
 */
export const ALERT_DIALOG_SIZES = ['xs', 'sm', 'md'] as const satisfies readonly DialogSize[];
export type AlertDialogSize = (typeof ALERT_DIALOG_SIZES)[number];
export const ALERT_DIALOG_WIDTHS_PX = { xs: 380, sm: 480, md: 600 } as const;

export const TOOLTIP_DELAY_MS = 350;
export const TOOLTIP_PROVIDER_DELAY_MS = 700;
/** Moving between tooltips within this window opens the next one without the delay. */
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const TOOLTIP_MAX_WIDTHS_PX = { sm: 100, md: 250, lg: 400 } as const;
export type TooltipSize = keyof typeof TOOLTIP_MAX_WIDTHS_PX;

export const ACCORDION_ANIMATION_MS = 300;

/** Layout breakpoints, narrowest first; the spec gives no names for them. */
export const BREAKPOINTS_PX = [550, 800, 1100, 1350] as const;
export type Breakpoint = (typeof BREAKPOINTS_PX)[number];

export const BUTTON_SIZES = ['sm', 'md', 'lg', 'xl'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

export const TOGGLE_SIZES_PX = [32, 40, 48] as const;
export type ToggleSize = (typeof TOGGLE_SIZES_PX)[number];

export const LOADING_OVERLAY_Z_INDEX = 2000;
