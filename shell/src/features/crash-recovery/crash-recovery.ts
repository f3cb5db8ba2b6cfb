/** The release this page last reloaded into to recover from a crash: an update is offered once. */
export const CRASH_UPDATE_KEY = 'crashRecovery.updatedTo';

export type CrashOffer = 'update' | 'feedback';

/**
 * SPEC section 4: offer the latest version when there is a newer one and the page has not already
 * reloaded into it; otherwise (already done, or nothing newer) offer to share feedback.
 */
export const crashOffer = ({ running, latest, updatedTo }: { running: string; latest: string | null; updatedTo: string | null }): CrashOffer =>
  latest !== null && latest !== running && updatedTo !== latest ? 'update' : 'feedback';
