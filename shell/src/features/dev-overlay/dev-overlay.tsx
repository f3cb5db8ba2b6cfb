import { useTranslation } from '@entry/i18n';
import { Card, Flex, Text } from '@entry/ui';
import { env } from '../../app/env.ts';
import { useRemoteLoader } from '../remotes/remote-loader-context.ts';

/** Development builds only: which build this is, and where each remote is loaded from. */
export const DevOverlay = () => {
  const { t } = useTranslation('shell');
  const { registry } = useRemoteLoader();
  return (
    <Card size="1" className="shell-dev-overlay" role="complementary" aria-label={t('devOverlay.label')}>
      <Flex direction="column" gap="1">
        <Text size="1" weight="bold">
          {t('devOverlay.build', { release: env.releaseId, brand: env.brand })}
        </Text>
        {Object.entries(registry).map(([name, { version, entry, source }]) => (
          <Text size="1" key={name}>
            {name} {version} ({source}) <Text color="gray">{entry}</Text>
          </Text>
        ))}
      </Flex>
    </Card>
  );
};
