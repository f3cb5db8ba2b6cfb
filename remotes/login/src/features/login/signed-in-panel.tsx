import { useState } from 'react';
import { logOut } from '@entry/api';
import { useAuthStore } from '@entry/auth';
import { useTranslation } from '@entry/i18n';
import { Button, Callout, Flex } from '@entry/ui';

/** The login screen of a visitor who is already signed in: say so, and offer to log out. */
export const SignedInPanel = () => {
  const { t } = useTranslation('login');
  const user = useAuthStore((state) => state.user);
  const [leaving, setLeaving] = useState(false);
  return (
    <Flex direction="column" gap="4" align="start">
      <Callout.Root color="green" role="status">
        <Callout.Text>{t('signedIn.body', { id: user?.id_user, base: user?.base })}</Callout.Text>
      </Callout.Root>
      <Button
        variant="soft"
        loading={leaving}
        onClick={() => {
          setLeaving(true);
          void logOut();
        }}
      >
        {t('signedIn.logOut')}
      </Button>
    </Flex>
  );
};
