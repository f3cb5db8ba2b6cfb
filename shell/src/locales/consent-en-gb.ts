/** The cookie consent's en-GB texts (namespace "consent"). */
export const consentTexts = {
  banner: {
    title: 'We use cookies',
    body: 'Necessary cookies keep this site working. With your permission we also use cookies for analytics, advertising and extra features.',
    acceptAll: 'Accept all',
    rejectAll: 'Reject all',
    preferences: 'Preferences',
    privacy: 'Privacy notice',
    terms: 'Terms of use',
  },
  confirmation: {
    title: 'Cookies',
    acceptAll: 'You’ve accepted all cookies.',
    rejectAll: 'You’ve rejected optional cookies: only necessary ones are used.',
    save: 'Your cookie preferences are saved.',
    change: 'You can change them at any time with Cookie preferences at the foot of the page.',
    hide: 'Hide this message',
  },
  preferences: {
    title: 'Cookie preferences',
    description: 'Choose which cookies we may use.',
    save: 'Save preferences',
    cancel: 'Cancel',
  },
  categories: {
    necessary: {
      name: 'Necessary',
      description: 'Keep the site working and secure, for example when you sign in. Always on.',
    },
    analytics: {
      name: 'Analytics',
      description: 'Show us how the site is used, so that we can improve it.',
    },
    advertisement: {
      name: 'Advertisement',
      description: 'Let us and our partners measure and tailor adverts.',
    },
    functionality: {
      name: 'Functionality',
      description: 'Remember your settings and turn on extras such as the support chat.',
    },
  },
} as const;
