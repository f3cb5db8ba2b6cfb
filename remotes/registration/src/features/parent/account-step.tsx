import { useRegistrationTranslation } from '../../lib/use-registration-translation.ts';
import { Flex, Form, Text, TextInput, useAppForm } from '@entry/ui';
import { isWeakPassword, NewPasswordField } from '@entry/account-kit';
import { useParentDraftStore } from './parent-draft-store.ts';
import { EmailTakenNextSteps } from '../../lib/email-taken.tsx';
import { EMAIL, NAME } from '../../lib/patterns.ts';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './step-props.ts';
import { useDraftSync } from './use-draft-sync.ts';
import { usePendingProblem } from './use-pending-problem.ts';

type AccountValues = { parentFirstName: string; parentLastName: string; email: string; password: string };

const save = ({ parentFirstName, parentLastName, email, password }: Partial<AccountValues>) => {
  const store = useParentDraftStore.getState();
  if (parentFirstName !== undefined) store.update({ parentFirstName });
  if (parentLastName !== undefined) store.update({ parentLastName });
  if (email !== undefined) store.update({ email });
  if (password !== undefined) store.setSecret('password', password);
};
const FIELDS = { firstName: 'parentFirstName', lastName: 'parentLastName', email: 'email', password: 'password' } as const;

/** Step `account`: the parent's name, email and password, with the server's live verdict on the password. */
export const AccountStep = ({ title, back, onDone }: StepProps) => {
  const { t } = useRegistrationTranslation();
  const { draft, secrets } = useParentDraftStore.getState();
  const form = useAppForm<AccountValues>({
    defaultValues: { parentFirstName: draft.parentFirstName, parentLastName: draft.parentLastName, email: draft.email, password: secrets.password },
  });
  const nameRules = { required: t('errors.required'), pattern: { value: NAME, message: t('student.invalidName') } };
  useDraftSync(form, save);
  usePendingProblem(form, FIELDS);

  const onSubmit = async (values: AccountValues) => {
    // The verdict shown may be a keystroke old: ask again before moving on.
    if (await isWeakPassword(values.password)) {
      form.setError('password', { type: 'server', message: t('errors.weakPassword') }, { shouldFocus: true });
      return;
    }
    onDone();
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label={title}>
      <Flex direction="column" gap="4">
        <TextInput<AccountValues> name="parentFirstName" label={t('account.firstName')} autoComplete="given-name" rules={nameRules} />
        <TextInput<AccountValues> name="parentLastName" label={t('account.lastName')} autoComplete="family-name" rules={nameRules} />
        <Flex direction="column" gap="1">
          <TextInput<AccountValues>
            name="email"
            label={t('account.email')}
            type="email"
            autoComplete="email"
            rules={{ required: t('errors.required'), pattern: { value: EMAIL, message: t('account.invalidEmail') } }}
          />
          <Text size="1" color="gray">
            {t('account.emailHint')}
          </Text>
          <EmailTakenNextSteps name="email" />
        </Flex>
        <NewPasswordField<AccountValues> name="password" label={t('account.password')} requiredMessage={t('errors.required')} />
        <StepActions back={back} busy={form.formState.isSubmitting} />
      </Flex>
    </Form>
  );
};
