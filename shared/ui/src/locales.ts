import { addTranslations } from '@entry/i18n';

/** Texts of the UI kit's own components (namespace "ui"). */
export const uiTexts = { pending: 'This page is being built.' } as const;

addTranslations('ui', uiTexts);
