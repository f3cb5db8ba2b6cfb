import { Button, Callout, Flex } from '@entry/ui';
import { useTranslation } from '@entry/i18n';

/** The component-level error: only the failed part of the page is replaced, with a retry. */
export const Whoops = ({ onRetry }: { onRetry: () => void }) => {
  const { t } = useTranslation('shell');
  return (
    <Callout.Root color="red" role="alert" my="6">
      <Flex direction="column" gap="3" align="start">
        <Callout.Text weight="bold" size="4">
          {t('errors.component.title')}
        </Callout.Text>
        <Callout.Text>{t('errors.component.body')}</Callout.Text>
        <Button onClick={onRetry}>{t('errors.component.retry')}</Button>
      </Flex>
    </Callout.Root>
  );
};
