import { useState } from 'react';
import { NewPasswordField } from '@entry/account-kit';
import { registerUser } from '@entry/api';
import { TERMS_VERSION } from '@entry/constants';
import { useRegistrationTranslation } from '../../lib/use-registration-translation.ts';
import { AudienceIllustration, Card, Flex, Form, PageHeader, StatusMessage, StatusText, SubmitButton, TextInput, useAppForm } from '@entry/ui';
import type { CountryRules } from '../../lib/country.ts';
import { EmailTakenNextSteps, serverErrorType } from '../../lib/email-taken.tsx';
import { CheckboxGroupField } from '../../lib/fields/checkbox-group-field.tsx';
import { EMAIL, NAME } from '../../lib/patterns.ts';
import { readServerProblem, type ServerProblem } from '../../lib/server-problem.ts';
import { CountryChoice } from '../../lib/country-choice.tsx';
import { TermsAgreement } from '../../lib/terms-agreement.tsx';
import { UnknownLocale } from '../../lib/unknown-locale.tsx';
import { useCountryRules } from '../../lib/use-country-rules.ts';
import { useSignedIn } from '../../lib/use-signed-in.ts';

type TutorValues = { firstName: string; lastName: string; email: string; password: string; subjects: string[] };

const FIELDS: Record<string, keyof TutorValues> = { firstName: 'firstName', lastName: 'lastName', email: 'email', password: 'password', subjects: 'subjects' };

/** The tutor form: one page, sent as it is; a refusal shows under its field, nothing typed is lost. */
export const TutorForm = ({ rules }: { rules: CountryRules }) => {
  const { t } = useRegistrationTranslation();
  const form = useAppForm<TutorValues>({ defaultValues: { firstName: '', lastName: '', email: '', password: '', subjects: [] } });
  const signedIn = useSignedIn();
  const [failure, setFailure] = useState<ServerProblem | null>(null);
  const nameRules = { required: t('errors.required'), pattern: { value: NAME, message: t('student.invalidName') } };

  const onSubmit = async (values: TutorValues) => {
    setFailure(null);
    try {
      await registerUser({
        userType: 'tutor',
        localeCode: rules.locale,
        email: values.email.trim(),
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        termsVersion: TERMS_VERSION,
        subjects: values.subjects,
      });
      signedIn();
    } catch (error) {
      const problem = readServerProblem(error);
      const field = problem.field && FIELDS[problem.field];
      if (field) form.setError(field, { type: serverErrorType(problem.key), message: t(problem.key) }, { shouldFocus: true });
      else setFailure(problem);
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label={t('registerTutor.heading')}>
      <Flex direction="column" gap="4">
        <CountryChoice rules={rules} route="registerTutor" />
        <TextInput<TutorValues> name="firstName" label={t('tutor.firstName')} autoComplete="given-name" rules={nameRules} />
        <TextInput<TutorValues> name="lastName" label={t('tutor.lastName')} autoComplete="family-name" rules={nameRules} />
        <TextInput<TutorValues>
          name="email"
          label={t('tutor.email')}
          type="email"
          autoComplete="email"
          rules={{ required: t('errors.required'), pattern: { value: EMAIL, message: t('account.invalidEmail') } }}
        />
        <EmailTakenNextSteps name="email" />
        <NewPasswordField<TutorValues> name="password" label={t('tutor.password')} requiredMessage={t('errors.required')} />
        <CheckboxGroupField
          name="subjects"
          legend={t('tutor.subjects')}
          requiredMessage={t('tutor.subjectsRequired')}
          options={rules.subjects.map((subject) => ({ value: subject, label: t(`subjects.${subject}`) }))}
        />
        {failure && (
          <StatusMessage tone="error" role="alert">
            <StatusText>{t(failure.key)}</StatusText>
          </StatusMessage>
        )}
        <TermsAgreement />
        <SubmitButton size="3" loading={form.formState.isSubmitting}>
          {t('tutor.submit')}
        </SubmitButton>
      </Flex>
    </Form>
  );
};

/** `/register/tutor/:locale?`: name, email, password and the subjects of the locale's country. */
export const TutorScreen = () => {
  const { t } = useRegistrationTranslation();
  const rules = useCountryRules();
  return (
    <Flex justify="center">
      <Card size="4" style={{ width: '100%', maxWidth: 560 }}>
        <PageHeader
          title={t('registerTutor.title')}
          heading={t('registerTutor.heading')}
          picture={<AudienceIllustration audience="student" size={80} />}
        >
          {rules && t('tutor.lead')}
        </PageHeader>
        {rules ? <TutorForm rules={rules} /> : <UnknownLocale route="registerTutor" />}
      </Card>
    </Flex>
  );
};
