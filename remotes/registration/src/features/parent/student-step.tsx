import { checkUsername } from '@entry/api';
import { useRegistrationTranslation } from '../../lib/use-registration-translation.ts';
import { Flex, Form, Link, Text, TextInput, useAppForm } from '@entry/ui';
import { yearGroupLabel } from '../../lib/country.ts';
import { SelectField } from '../../lib/fields/select-field.tsx';
import { isWeakPassword, NewPasswordField } from '@entry/account-kit';
import { useParentDraftStore } from './parent-draft-store.ts';
import { NAME } from '../../lib/patterns.ts';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './step-props.ts';
import { useDraftSync } from './use-draft-sync.ts';
import { usePendingProblem } from './use-pending-problem.ts';
import { UsernameField } from './username-field.tsx';

type StudentValues = { firstName: string; lastName: string; yearGroup: string; username: string; studentPassword: string };

const save = ({ studentPassword, ...values }: Partial<StudentValues>) => {
  const store = useParentDraftStore.getState();
  store.update(Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)));
  if (studentPassword !== undefined) store.setSecret('studentPassword', studentPassword);
};
const FIELDS = {
  'student.firstName': 'firstName',
  'student.lastName': 'lastName',
  'student.yearGroup': 'yearGroup',
  'student.username': 'username',
  'student.password': 'studentPassword',
} as const;

/** Where a parent goes instead when the child's account exists or the child signs up alone (SPEC section 2). */
export const EXISTING_STUDENT_PATH = '/signup-select-student';
export const STUDENT_REGISTRATION_PATH = '/student_registration';

/** Step `student`: the child's names, year group, username (free, checked) and password. */
export const StudentStep = ({ rules, title, back, onDone }: StepProps) => {
  const { t } = useRegistrationTranslation();
  const { draft, secrets } = useParentDraftStore.getState();
  const form = useAppForm<StudentValues>({
    defaultValues: {
      firstName: draft.firstName,
      lastName: draft.lastName,
      yearGroup: draft.yearGroup,
      username: draft.username,
      studentPassword: secrets.studentPassword,
    },
  });
  useDraftSync(form, save);
  usePendingProblem(form, FIELDS);
  const nameRules = { required: t('errors.required'), pattern: { value: NAME, message: t('student.invalidName') } };

  const onSubmit = async ({ username, studentPassword: password }: StudentValues) => {
    const [availability, weak] = await Promise.all([
      checkUsername(username.trim().toLowerCase()).catch(() => null),
      isWeakPassword(password),
    ]);
    if (weak) form.setError('studentPassword', { type: 'server', message: t('errors.weakPassword') }, { shouldFocus: true });
    if (availability?.available === false) {
      form.setError('username', { type: 'server', message: t('errors.usernameTaken') }, { shouldFocus: true });
    }
    if (!weak && availability?.available !== false) onDone();
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label={title}>
      <Flex direction="column" gap="4">
        <TextInput<StudentValues> name="firstName" label={t('student.firstName')} autoComplete="off" rules={nameRules} />
        <TextInput<StudentValues> name="lastName" label={t('student.lastName')} autoComplete="off" rules={nameRules} />
        <SelectField
          name="yearGroup"
          label={t(rules.country === 'US' ? 'student.gradeGroup' : 'student.yearGroup')}
          placeholder={t('student.chooseYearGroup')}
          requiredMessage={t('errors.required')}
          options={rules.yearGroups.map((yearGroup) => {
            const { key, number } = yearGroupLabel(rules.country, yearGroup);
            return { value: String(yearGroup), label: t(key, { number }) };
          })}
        />
        <UsernameField />
        <NewPasswordField<StudentValues> name="studentPassword" label={t('student.password')} requiredMessage={t('errors.required')} />
        <StepActions back={back} busy={form.formState.isSubmitting} />
        <Flex direction="column" gap="1">
          <Text as="p" size="2">
            {t('student.existing')} <Link href={EXISTING_STUDENT_PATH} underline="always">{t('student.existingLink')}</Link>
          </Text>
          <Text as="p" size="2">
            {t('student.ownRegistration')} <Link href={STUDENT_REGISTRATION_PATH} underline="always">{t('student.ownRegistrationLink')}</Link>
          </Text>
        </Flex>
      </Flex>
    </Form>
  );
};
