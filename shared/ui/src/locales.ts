import { addTranslations } from '@entry/i18n';

/** Texts of the UI kit's own components (namespace "ui"). */
export const uiTexts = {
  brand: { atom: 'Atom Learning', quest: 'Atom Quest' },
  pageTitle: '{{page}} · {{brand}}',
  pending: 'This page is being built.',
  // Shown when a form rule carries no message of its own; {{value}} is the rule's limit.
  form: {
    required: 'This field is required.',
    min: 'Enter {{value}} or more.',
    max: 'Enter {{value}} or less.',
    minLength: 'Enter at least {{value}} characters.',
    maxLength: 'Enter no more than {{value}} characters.',
    pattern: 'Check the format of this field.',
    numeric: 'Enter numbers only.',
    validate: 'Check this field.',
    // GOV.UK's heading of a form's error summary.
    summary: 'There is a problem',
  },
} as const;

addTranslations('ui', uiTexts);
