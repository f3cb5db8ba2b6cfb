import { useRegistrationTranslation } from '../../lib/use-registration-translation.ts';
import { Link as RouterLink } from '@entry/routes';
import { Button, Flex, SubmitButton } from '@entry/ui';

type Props = {
  /** The previous step's search string (`?step=...`), or null on the first step. */
  back: string | null;
  busy: boolean;
  submitLabel?: string;
};

/** Back (a link: the browser's back button does the same) and the step's submit. */
export const StepActions = ({ back, busy, submitLabel }: Props) => {
  const { t } = useRegistrationTranslation();
  return (
    <Flex justify="between" align="center" gap="3" mt="2">
      {back ? (
        <Button asChild variant="soft" size="3">
          <RouterLink to={{ search: back }}>{t('parent.back')}</RouterLink>
        </Button>
      ) : (
        <span />
      )}
      <SubmitButton size="3" loading={busy}>
        {submitLabel ?? t('parent.continue')}
      </SubmitButton>
    </Flex>
  );
};
