import { useRegistrationTranslation } from '../../lib/use-registration-translation.ts';
import { Flex, Form, Text, useAppForm } from '@entry/ui';
import type { PaymentProvider } from '../payment/payment-provider.ts';
import { useParentDraftStore } from './parent-draft-store.ts';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './step-props.ts';

/** Step `payment`, present only with a configured provider: the provider's own form saves the card. */
export const PaymentStep = ({ provider, rules, title, back, onDone }: StepProps & { provider: PaymentProvider }) => {
  const { t } = useRegistrationTranslation();
  const form = useAppForm();
  const saved = useParentDraftStore((state) => state.secrets.payment);
  const { Form: ProviderForm } = provider;
  return (
    <Flex direction="column" gap="4">
      <Text as="p" size="2">
        {t('payment.lead')}
      </Text>
      <ProviderForm
        currency={rules.currency}
        onSaved={(method) => {
          useParentDraftStore.getState().setSecret('payment', method);
          onDone();
        }}
      />
      {saved && (
        <Form form={form} onSubmit={onDone} aria-label={title}>
          <StepActions back={back} busy={false} />
        </Form>
      )}
    </Flex>
  );
};
