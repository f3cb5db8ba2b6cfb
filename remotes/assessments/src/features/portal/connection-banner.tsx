import { useTranslation } from '@entry/i18n';
import { Callout } from '@entry/ui';
import type { QueueSnapshot } from '../answer-queue/answer-queue.ts';

type Props = { online: boolean; snapshot: QueueSnapshot; recovering: boolean };

/**
 * Tells the applicant where their answers are: offline (and how many wait on this computer), then
 * sending and saved once the connection is back. A polite live region, silent in normal running,
 * where a "saving… saved" after every answer would only be noise.
 */
export const ConnectionBanner = ({ online, snapshot, recovering }: Props) => {
  const { t } = useTranslation('assessments');
  const { pending, rejected } = snapshot;
  return (
    <>
      <div role="status">
        {!online && (
          <Callout.Root color="red" mb="4">
            <Callout.Text>{t('connection.offline')}</Callout.Text>
            {pending > 0 && <Callout.Text weight="bold">{t('connection.waiting', { count: pending })}</Callout.Text>}
          </Callout.Root>
        )}
        {online && recovering && (
          <Callout.Root color="gray" mb="4">
            <Callout.Text>{pending > 0 ? t('connection.sending', { count: pending }) : t('connection.allSaved')}</Callout.Text>
          </Callout.Root>
        )}
      </div>
      {rejected > 0 && (
        <Callout.Root color="red" role="alert" mb="4">
          <Callout.Text>{t('connection.rejected', { count: rejected })}</Callout.Text>
        </Callout.Root>
      )}
    </>
  );
};
