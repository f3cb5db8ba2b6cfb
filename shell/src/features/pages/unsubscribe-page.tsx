import { useState } from 'react';
import { unsubscribe } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { useLoaderData } from '@entry/routes';
import { Button, Flex, PageHeader, StatusMessage, StatusText } from '@entry/ui';
import type { unsubscribeLoader } from './unsubscribe-loader.ts';

type State = 'confirm' | 'sending' | 'done' | 'failed';

/** `/unsubscribe/:type/:id_user`: a confirmation first (mail scanners follow links), then a clear result. */
export const UnsubscribePage = () => {
  const { t } = useTranslation('shell');
  const { type, idUser, signature } = useLoaderData<typeof unsubscribeLoader>();
  const [state, setState] = useState<State>('confirm');
  const kind = t(`pages.unsubscribe.types.${type}`);

  const confirm = async () => {
    setState('sending');
    try {
      await unsubscribe({ type, id_user: idUser, signature });
      setState('done');
    } catch {
      setState('failed');
    }
  };

  return (
    <>
      <PageHeader title={t('pages.unsubscribe.title')} heading={t('pages.unsubscribe.heading')} />
      {!signature ? (
        <StatusMessage tone="error" role="alert">
          <StatusText>{t('pages.unsubscribe.incomplete', { kind })}</StatusText>
        </StatusMessage>
      ) : state === 'done' ? (
        <StatusMessage tone="success" role="status">
          <StatusText>{t('pages.unsubscribe.done', { kind })}</StatusText>
        </StatusMessage>
      ) : (
        <Flex direction="column" gap="4" align="start">
          <StatusMessage tone="info">
            <StatusText>{t('pages.unsubscribe.question', { kind })}</StatusText>
          </StatusMessage>
          {state === 'failed' && (
            <StatusMessage tone="error" role="alert">
              <StatusText>{t('pages.unsubscribe.failed')}</StatusText>
            </StatusMessage>
          )}
          <Button size="3" loading={state === 'sending'} onClick={() => void confirm()}>
            {t('pages.unsubscribe.confirm')}
          </Button>
        </Flex>
      )}
    </>
  );
};
