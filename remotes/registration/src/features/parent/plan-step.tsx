import { useRegistrationTranslation } from '../../lib/use-registration-translation.ts';
import { Flex, Form, useAppForm } from '@entry/ui';
import { RadioGroupField } from '../../lib/fields/radio-group-field.tsx';
import { useParentDraftStore } from './parent-draft-store.ts';
import { PlanTerms } from './plan-terms.tsx';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './step-props.ts';
import { useDraftSync } from './use-draft-sync.ts';
import { usePendingProblem } from './use-pending-problem.ts';

type PlanValues = { purpose: string };

const save = ({ purpose }: Partial<PlanValues>) => {
  if (purpose !== undefined) useParentDraftStore.getState().update({ purpose });
};
const FIELDS = { 'plan.purpose': 'purpose', plan: 'purpose' } as const;

/** Step `select_plan`: what the plan is for. Every plan starts as a free trial without a card. */
export const PlanStep = ({ rules, title, back, onDone }: StepProps) => {
  const { t } = useRegistrationTranslation();
  const form = useAppForm<PlanValues>({ defaultValues: { purpose: useParentDraftStore.getState().draft.purpose } });
  useDraftSync(form, save);
  usePendingProblem(form, FIELDS);
  return (
    <Form form={form} onSubmit={onDone} aria-label={title}>
      <Flex direction="column" gap="4">
        <RadioGroupField
          name="purpose"
          legend={t('plan.legend')}
          requiredMessage={t('plan.required')}
          options={rules.plans.map((purpose) => ({
            value: purpose,
            label: t(`plan.purposes.${purpose}.label`),
            description: t(`plan.purposes.${purpose}.description`),
          }))}
        />
        <PlanTerms rules={rules} />
        <StepActions back={back} busy={false} />
      </Flex>
    </Form>
  );
};
