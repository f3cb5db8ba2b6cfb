/* Interface state sets of SPEC 4. */

/** What can happen to a toast; `removed` follows `dismissed` after TOAST_REMOVE_DELAY_MS. */
export const TOAST_TRANSITIONS = ['added', 'upserted', 'dismissed', 'removed'] as const;
export type ToastTransition = (typeof TOAST_TRANSITIONS)[number];

/** Switches and toggles. */
export const SWITCH_STATES = ['on', 'off'] as const;
export type SwitchState = (typeof SWITCH_STATES)[number];

/** Accordion, collapsible, dialog and tooltip. */
export const DISCLOSURE_STATES = ['open', 'closed'] as const;
export type DisclosureState = (typeof DISCLOSURE_STATES)[number];

/** Validate on blur at first; after the first submit, revalidate on every change. */
export const FORM_VALIDATION_MODE = 'onBlur';
export const FORM_REVALIDATION_MODE = 'onChange';

/** None when the running version is the latest (or in development, or on ignored routes). */
export const RELEASE_NOTICE_KINDS = ['none', 'alert', 'toast'] as const;
export type ReleaseNoticeKind = (typeof RELEASE_NOTICE_KINDS)[number];

/** After a crash: offer the update if one exists and has not been tried, otherwise ask for feedback. */
export const CRASH_RECOVERY_OFFERS = ['update', 'share feedback'] as const;
export type CrashRecoveryOffer = (typeof CRASH_RECOVERY_OFFERS)[number];

export const GOOGLE_SCRIPT_LOAD_STATES = ['LOADING', 'SUCCESS', 'ERROR'] as const;
export type GoogleScriptLoadState = (typeof GOOGLE_SCRIPT_LOAD_STATES)[number];
