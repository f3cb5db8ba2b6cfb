import { useState } from 'react';
import { unsubscribe } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { useLoaderData } from '@entry/routes';
import { Button, Callout, Flex, PageHeader } from '@entry/ui';
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
        <Callout.Root color="red" role="alert">
          <Callout.Text>{t('pages.unsubscribe.incomplete', { kind })}</Callout.Text>
        </Callout.Root>
      ) : state === 'done' ? (
        <Callout.Root color="green" role="status">
          <Callout.Text>{t('pages.unsubscribe.done', { kind })}</Callout.Text>
        </Callout.Root>
      ) : (
        <Flex direction="column" gap="4" align="start">
          <Callout.Root color="gray">
            <Callout.Text>{t('pages.unsubscribe.question', { kind })}</Callout.Text>
          </Callout.Root>
          {state === 'failed' && (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{t('pages.unsubscribe.failed')}</Callout.Text>
            </Callout.Root>
          )}
          <Button size="3" loading={state === 'sending'} onClick={() => void confirm()}>
            {t('pages.unsubscribe.confirm')}
          </Button>
        </Flex>
      )}
    </>
  );
};
