import { addTranslations } from '@entry/i18n';

/** The kit's own texts (namespace "account"): the captcha, its two server messages and its loading failure; password fields. */
export const accountTexts = {
  password: {
    show: 'Show password',
    hide: 'Hide password',
    showShort: 'Show',
    hideShort: 'Hide',
    rule_one: 'At least {{count}} character. A few unrelated words are easy to remember and hard to guess.',
    rule_other: 'At least {{count}} characters. A few unrelated words are easy to remember and hard to guess.',
    tooShort_one: 'Use at least {{count}} character',
    tooShort_other: 'Use at least {{count}} characters',
    weak: 'Too easy to guess: add another word or two.',
    strong: 'Strong enough.',
  },
  captcha: {
    label: 'I’m not a robot',
    checking: 'Checking…',
    'missing-input-response': 'Please check the "I\'m not a robot" tickbox',
    'timeout-or-duplicate': 'There was an error with the "I\'m not a robot" tickbox. Please try again.',
    unavailable: 'The "I\'m not a robot" tickbox could not load. Check your connection and reload the page.',
  },
} as const;

addTranslations('account', accountTexts);
