import { addTranslations } from '@entry/i18n';

/** The kit's own texts (namespace "account"): the captcha tickbox and its two server messages. */
export const accountTexts = {
  captcha: {
    label: 'I’m not a robot',
    checking: 'Checking…',
    'missing-input-response': 'Please check the "I\'m not a robot" tickbox',
    'timeout-or-duplicate': 'There was an error with the "I\'m not a robot" tickbox. Please try again.',
  },
} as const;

addTranslations('account', accountTexts);
