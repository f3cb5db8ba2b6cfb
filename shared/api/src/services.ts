/** Where each service of SPEC section 7 is reached, relative to the site's origin. */
export const SERVICES = {
  accounts: '/ms_accounts',
  email: '/ms_email',
  gateway: '/event-gateway',
  appMetadata: '/app-metadata',
  publicUser: '/public/user',
  exams: '/ms_exams',
} as const;
