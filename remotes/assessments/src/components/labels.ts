import { useTranslation } from '@entry/i18n';
import { isOneOf, SUBJECTS } from '@entry/constants';

/** Names a subject; one the assessments remote does not know (a US subject, say) shows as the server spells it. */
export const useSubjectLabel = () => {
  const { t } = useTranslation('assessments');
  return (subject: string): string => (isOneOf(SUBJECTS, subject) ? t(`subjects.${subject}`) : subject);
};

/** "8 minutes" from a time limit in seconds. */
export const useDurationLabel = () => {
  const { t } = useTranslation('assessments');
  return (seconds: number): string => t('duration.minutes', { count: Math.round(seconds / 60) });
};
