import { useState } from 'react';
import { registerUser, registerUserWithCode } from '@entry/api';
import { useRegistrationTranslation } from '../../lib/use-registration-translation.ts';
import { Link as RouterLink } from '@entry/routes';
import { Flex, Form, Link, StatusMessage, StatusText, Text, useAppForm } from '@entry/ui';
import { yearGroupLabel } from '../../lib/country.ts';
import '../../lib/layout.css';
import { serverErrorType } from '../../lib/email-taken.tsx';
import { readServerProblem, type ServerProblem } from '../../lib/server-problem.ts';
import { TermsAgreement } from '../../lib/terms-agreement.tsx';
import { useSignedIn } from '../../lib/use-signed-in.ts';
import { useParentDraftStore } from './parent-draft-store.ts';
import { stepOfField, type ParentStep } from './parent-steps.ts';
import { PlanTerms } from './plan-terms.tsx';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './step-props.ts';
import { toParentPayload } from './to-payload.ts';

type Props = StepProps & {
  /** A tutor's invitation token: the child is linked to that tutor on sign-up. */
  code: string | null;
  withPayment: boolean;
  /** The search string of a step, for its "Change" link. */
  stepSearch: (step: ParentStep) => string;
  /** Sends the parent back to a step to fix a field, with the message shown there. */
  fixAt: (step: ParentStep) => void;
};

/** Step `confirm`: the summary, then the sign-up itself. The parent lands signed in. */
export const ConfirmStep = ({ rules, title, back, code, withPayment, stepSearch, fixAt }: Props) => {
  const { t } = useRegistrationTranslation();
  const form = useAppForm();
  const signedIn = useSignedIn();
  const [failure, setFailure] = useState<ServerProblem | null>(null);
  const draft = useParentDraftStore((state) => state.draft);
  const secrets = useParentDraftStore((state) => state.secrets);
  const missingPassword = !secrets.password || !secrets.studentPassword;
  const yearGroup = yearGroupLabel(rules.country, Number(draft.yearGroup));

  /** A problem about one field goes back to that field's step and shows there. */
  const sendBack = (field: string, message: string, type?: string) => {
    useParentDraftStore.getState().setProblem({ field, message, type });
    fixAt(stepOfField(field));
  };

  const onSubmit = async () => {
    setFailure(null);
    if (!secrets.password) return sendBack('password', t('account.passwordAgain'));
    if (!secrets.studentPassword) return sendBack('student.password', t('student.passwordAgain'));
    if (withPayment && !secrets.payment) return fixAt('payment');
    const payload = toParentPayload(draft, secrets, rules);
    try {
      await (code ? registerUserWithCode({ ...payload, access_code: code }) : registerUser(payload));
      useParentDraftStore.getState().complete();
      signedIn();
    } catch (error) {
      const problem = readServerProblem(error);
      if (problem.field && stepOfField(problem.field) !== 'confirm') {
        sendBack(problem.field, t(problem.key), serverErrorType(problem.key));
        return;
      }
      setFailure(problem);
    }
  };

  /** One line of the summary: what it is, its value in full (wrapping, never clipped), and where to change it. */
  const row = (label: string, value: string, step?: ParentStep) => (
    <div className="registration-summary-row">
      <dt>{label}</dt>
      <dd>
        <span className="registration-summary-value">{value}</span>
        {step && (
          <Link asChild standalone size="2" underline="always">
            <RouterLink to={{ search: stepSearch(step) }} aria-label={`${t('confirm.edit')}: ${label}`}>
              {t('confirm.edit')}
            </RouterLink>
          </Link>
        )}
      </dd>
    </div>
  );

  return (
    <Form form={form} onSubmit={onSubmit} aria-label={title}>
      <Flex direction="column" gap="4">
        <Text as="p" size="2">
          {t('confirm.lead')}
        </Text>
        <dl className="registration-summary">
          {row(t('confirm.plan'), t('confirm.planValue', { purpose: t(`plan.purposes.${draft.purpose}.label`) }), 'select_plan')}
          {row(t('confirm.name'), `${draft.parentFirstName.trim()} ${draft.parentLastName.trim()}`, 'account')}
          {row(t('confirm.email'), draft.email, 'account')}
          {row(
            t('confirm.child'),
            t('confirm.childValue', {
              firstName: draft.firstName,
              lastName: draft.lastName,
              yearGroup: t(yearGroup.key, { number: yearGroup.number }),
            }),
            'student',
          )}
          {row(t('confirm.username'), draft.username.trim().toLowerCase())}
        </dl>
        <PlanTerms rules={rules} />
        {missingPassword && (
          <StatusMessage tone="warning">
            <StatusText>{t('confirm.passwordsMissing')}</StatusText>
          </StatusMessage>
        )}
        {failure && (
          <StatusMessage tone="error" role="alert">
            <StatusText>{t(failure.key)}</StatusText>
          </StatusMessage>
        )}
        <TermsAgreement />
        <StepActions back={back} busy={form.formState.isSubmitting} submitLabel={t('confirm.submit')} />
      </Flex>
    </Form>
  );
};
