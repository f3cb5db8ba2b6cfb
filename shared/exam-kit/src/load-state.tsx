import { ApiError } from '@entry/api';
import { PageNotFound } from '@entry/routes';
import { useTranslation } from '@entry/i18n';
import { Button, Flex, Spinner, StatusMessage, StatusText, Text } from '@entry/ui';
import type { ReactNode } from 'react';
// Registers the kit's texts; imported here because a bundler may skip the package's index.
import './locales.ts';

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

type Props = {
  error: unknown;
  /** What to say when the content is not found; without it, the address names nothing and the page is the site's not-found one (a 404). */
  notFound?: string;
  onRetry: () => void;
  children?: ReactNode;
};

/** What a screen shows while its content loads, or instead of it: not found, or a failure to retry. */
export const LoadState = ({ error, notFound, onRetry, children }: Props) => {
  const { t } = useTranslation('exam-kit');
  if (!error) {
    return (
      <Flex align="center" gap="2" role="status">
        <Spinner />
        <Text>{t('load.loading')}</Text>
      </Flex>
    );
  }
  if (isNotFound(error)) {
    if (notFound === undefined) throw new PageNotFound();
    return (
      <Flex direction="column" gap="3" align="start">
        <StatusMessage tone="warning">
          <StatusText>{notFound}</StatusText>
        </StatusMessage>
        {children}
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="3" align="start">
      <StatusMessage tone="error" role="alert">
        <StatusText>{t('load.failed')}</StatusText>
      </StatusMessage>
      <Button variant="soft" onClick={onRetry}>
        {t('load.retry')}
      </Button>
    </Flex>
  );
};
