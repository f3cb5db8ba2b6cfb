/**
 * Who runs the platform, as the privacy notice, the terms and the help page name it (issue 24). The
 * platform's own details, the same for both brands, held here only.
 *
 * The company number and the registered office are not in the spec and are the business's to supply
 * (ADR 023): until it does they are null, and the pages leave them out rather than show made-up ones.
 * The email addresses are on the reserved `.example` domain for the same reason.
 */
export type Company = {
  legalName: string;
  registeredIn: string;
  /** The number at Companies House; null until the business supplies it. */
  companyNumber: string | null;
  /** The registered office's postal address, on one line; null until the business supplies it. */
  registeredOffice: string | null;
  privacyEmail: string;
  supportEmail: string;
};

export const COMPANY: Company = {
  legalName: 'Atom Learning Ltd',
  registeredIn: 'England and Wales',
  companyNumber: null,
  registeredOffice: null,
  privacyEmail: 'privacy@atomlearning.example',
  supportEmail: 'support@atomlearning.example',
};

/** When the privacy notice and the terms last changed (ISO date): shown on both pages. */
export const LEGAL_LAST_UPDATED = '2026-11-27';
