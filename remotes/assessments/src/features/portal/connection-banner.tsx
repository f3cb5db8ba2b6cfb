import { useTranslation } from '@entry/i18n';
import { StatusMessage, StatusText } from '@entry/ui';
import type { QueueSnapshot } from '../answer-queue/answer-queue.ts';

type Props = {
  online: boolean;
  snapshot: QueueSnapshot;
  recovering: boolean;
  /** The sitting's own message already says every answer is saved (it has ended): this one keeps quiet about it. */
  savedToldElsewhere: boolean;
};

/**
 * Tells the applicant where their answers are: offline (and how many wait on this computer), then
 * sending and saved once the connection is back. A polite live region, silent in normal running,
 * where a "saving… saved" after every answer would only be noise.
 */
export const ConnectionBanner = ({ online, snapshot, recovering, savedToldElsewhere }: Props) => {
  const { t } = useTranslation('assessments');
  const { pending, rejected } = snapshot;
  return (
    <>
      <div role="status">
        {!online && (
          <StatusMessage tone="warning" mb="4">
            <StatusText>{t('connection.offline')}</StatusText>
            {pending > 0 && <StatusText weight="bold">{t('connection.waiting', { count: pending })}</StatusText>}
          </StatusMessage>
        )}
        {online && recovering && pending > 0 && (
          <StatusMessage tone="info" mb="4">
            <StatusText>{t('connection.sending', { count: pending })}</StatusText>
          </StatusMessage>
        )}
        {online && recovering && pending === 0 && !savedToldElsewhere && (
          <StatusMessage tone="success" mb="4">
            <StatusText>{t('connection.allSaved')}</StatusText>
          </StatusMessage>
        )}
      </div>
      {rejected > 0 && (
        <StatusMessage tone="error" role="alert" mb="4">
          <StatusText>{t('connection.rejected', { count: rejected })}</StatusText>
        </StatusMessage>
      )}
    </>
  );
};
