/**
 * Who runs the platform, as the privacy notice, the terms and the help page name it (issue 24). The
 * platform's own details, the same for both brands.
 */
export const COMPANY = {
  legalName: 'Atom Learning Ltd',
  registeredIn: 'England and Wales',
  privacyEmail: 'privacy@atomlearning.example',
  supportEmail: 'support@atomlearning.example',
} as const;

/** When the privacy notice and the terms last changed (ISO date): shown on both pages. */
export const LEGAL_LAST_UPDATED = '2026-11-27';
