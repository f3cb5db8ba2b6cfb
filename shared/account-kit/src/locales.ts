import { addTranslations } from '@entry/i18n';

/** The kit's own texts (namespace "account"): the captcha, its two server messages and its loading failure. */
export const accountTexts = {
  captcha: {
    label: 'I’m not a robot',
    checking: 'Checking…',
    'missing-input-response': 'Please check the "I\'m not a robot" tickbox',
    'timeout-or-duplicate': 'There was an error with the "I\'m not a robot" tickbox. Please try again.',
    unavailable: 'The "I\'m not a robot" tickbox could not load. Check your connection and reload the page.',
  },
} as const;

addTranslations('account', accountTexts);
