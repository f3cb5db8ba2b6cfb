import { useId } from 'react';
import { useTranslation } from '@entry/i18n';
import { Text } from '@entry/ui';
import { formatClock, minutesLeft } from './format.ts';
// Registers the kit's texts; imported here because a bundler may skip the package's index.
import './locales.ts';

/** Spoken once each, as the time passes them; the clock itself is never read out every second. */
const MILESTONE_MINUTES = [10, 5, 1];

/**
 * The time left: a timer (not a live region) that screen readers read when asked, plus a polite
 * announcement at 10, 5 and 1 minutes left.
 */
export const Timer = ({ seconds }: { seconds: number }) => {
  const { t } = useTranslation('exam-kit');
  const labelId = useId();
  const minutes = minutesLeft(seconds);
  const milestone = MILESTONE_MINUTES.find((mark) => minutes === mark && seconds > (mark - 1) * 60);
  return (
    <div className="test-timer" data-low={seconds <= 60 || undefined}>
      <div role="timer" aria-labelledby={labelId}>
        <Text id={labelId} size="2" color="gray">
          {t('timer.label')}
        </Text>{' '}
        <Text size="5" weight="bold" className="test-timer-clock">
          {formatClock(seconds)}
        </Text>
      </div>
      <p role="status" className="visually-hidden">
        {milestone ? t('timer.minutesLeft', { count: milestone }) : ''}
      </p>
    </div>
  );
};
