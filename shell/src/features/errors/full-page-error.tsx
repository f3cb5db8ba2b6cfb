import { useEffect, useState } from 'react';
import { getLatestRelease, publishEvent } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { Button, Container, Flex, Heading, Link, PageTitle, Spinner, Text } from '@entry/ui';
import { env } from '../../app/env.ts';
import { CRASH_UPDATE_KEY, crashOffer, type CrashOffer } from '../crash-recovery/crash-recovery.ts';

const FEEDBACK_URL = import.meta.env.PUBLIC_FEEDBACK_URL || 'mailto:support@atomlearning.example?subject=Something%20went%20wrong';

/**
 * The full-page error, for when the shell itself cannot go on; with crash recovery (SPEC section 4).
 * `within` the layout it is the page's content (the frame has the main landmark); alone it is the page.
 */
export const FullPageError = ({ within = 'page' }: { within?: 'page' | 'layout' }) => {
  const { t } = useTranslation('shell');
  const [offer, setOffer] = useState<{ kind: CrashOffer; latest: string | null } | null>(null);

  useEffect(() => {
    let current = true;
    getLatestRelease().then(
      ({ version }) => current && setOffer({ kind: crashOffer({ running: env.releaseId, latest: version, updatedTo: localStorage.getItem(CRASH_UPDATE_KEY) }), latest: version }),
      () => current && setOffer({ kind: 'feedback', latest: null }),
    );
    return () => {
      current = false;
    };
  }, []);

  const update = async () => {
    localStorage.setItem(CRASH_UPDATE_KEY, offer?.latest ?? '');
    await publishEvent('APP_UPDATED');
    window.location.reload();
  };

  const Landmark = within === 'page' ? 'main' : 'div';
  return (
    <Container size="2" p={within === 'page' ? '6' : '0'}>
      <PageTitle page={t('errors.fullPage.title')} />
      <Flex direction="column" gap="4" align="start" role="alert" asChild>
        <Landmark>
          <Heading as="h1" size="7" tabIndex={-1} className="ui-page-heading">
            {t('errors.fullPage.title')}
          </Heading>
          <Text as="p">{t(offer?.kind === 'update' ? 'errors.fullPage.updateBody' : 'errors.fullPage.body')}</Text>
          {!offer && <Spinner aria-label={t('loading')} />}
          {offer?.kind === 'update' && <Button onClick={() => void update()}>{t('errors.fullPage.update')}</Button>}
          {offer?.kind === 'feedback' && (
            <Flex gap="3" align="center">
              <Button onClick={() => window.location.reload()}>{t('errors.fullPage.retry')}</Button>
              <Link href={FEEDBACK_URL}>{t('errors.fullPage.feedback')}</Link>
            </Flex>
          )}
        </Landmark>
      </Flex>
    </Container>
  );
};
