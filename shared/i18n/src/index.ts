export { formatDate, formatRelativeDay, formatTime } from './dates.ts';
export { LOCALE, US_LOCALE, addTranslations, i18n, onMissingKey, type Locale } from './i18n.ts';
// The part of react-i18next the apps use; they import it from here (ADR 003).
export { I18nextProvider, Trans, useTranslation } from 'react-i18next';
