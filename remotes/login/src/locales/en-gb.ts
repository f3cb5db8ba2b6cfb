/** The login remote's en-GB texts (namespace 'login'). */
export const loginTexts = {
  home: { title: 'Log in', heading: 'Log in to your account' },
  login: { title: 'Log in', heading: 'Log in to your account' },
  forgotten: { title: 'Forgotten password', heading: 'Reset your password' },
  resetStaff: { title: 'Reset password', heading: 'Choose a new password' },
  reset: { title: 'Reset password', heading: 'Choose a new password' },
  magic: { title: 'Access code', heading: 'Signing you in with your access code' },
  report: { title: 'Report access', heading: 'Open a report with your access code' },
} as const;
