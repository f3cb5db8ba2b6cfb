import { useTranslation } from '@entry/i18n';
import { isOneOf, SUBJECTS } from '@entry/constants';
// Registers the kit's texts; imported here because a bundler may skip the package's index.
import './locales.ts';

/** Names a subject; one the kit does not know (a US subject, say) shows as the server spells it. */
export const useSubjectLabel = () => {
  const { t } = useTranslation('exam-kit');
  return (subject: string): string => (isOneOf(SUBJECTS, subject) ? t(`subjects.${subject}`) : subject);
};

/** "8 minutes" from a time limit in seconds. */
export const useDurationLabel = () => {
  const { t } = useTranslation('exam-kit');
  return (seconds: number): string => t('duration.minutes', { count: Math.round(seconds / 60) });
};
