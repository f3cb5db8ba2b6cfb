import { Button, Flex, StatusMessage, StatusText } from '@entry/ui';
import { useTranslation } from '@entry/i18n';

/** The component-level error: only the failed part of the page is replaced, with a retry. */
export const Whoops = ({ onRetry }: { onRetry: () => void }) => {
  const { t } = useTranslation('shell');
  return (
    <StatusMessage tone="error" role="alert" my="6">
      <StatusText weight="bold" size="4">
        {t('errors.component.title')}
      </StatusText>
      <StatusText>{t('errors.component.body')}</StatusText>
      <Flex>
        <Button onClick={onRetry}>{t('errors.component.retry')}</Button>
      </Flex>
    </StatusMessage>
  );
};
