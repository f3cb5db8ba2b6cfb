/** The registration remote's en-GB texts (namespace 'registration'). */
export const registrationTexts = {
  register: { title: 'Sign up', heading: 'Create your account' },
  registerParent: { title: 'Parent sign-up', heading: 'Sign up as a parent' },
  registerTutor: { title: 'Tutor sign-up', heading: 'Sign up as a tutor' },
  invitation: { title: 'Invitation', heading: 'Your tutor\u2019s invitation' },
} as const;
