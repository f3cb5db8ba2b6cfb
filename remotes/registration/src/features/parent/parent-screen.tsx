import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useRegistrationTranslation } from '../../lib/use-registration-translation.ts';
import { useAddressSecrets, useSearchParams } from '@entry/routes';
import { AudienceIllustration, Box, Card, Flex, Heading, PageHeader, Spinner, StatusMessage, StatusText, Text } from '@entry/ui';
import type { CountryRules } from '../../lib/country.ts';
import '../../lib/layout.css';
import { CountryChoice } from '../../lib/country-choice.tsx';
import { UnknownLocale } from '../../lib/unknown-locale.tsx';
import { useCountryRules } from '../../lib/use-country-rules.ts';
import { configuredPaymentProvider, type PaymentProvider } from '../payment/payment-provider.ts';
import { AccountStep } from './account-step.tsx';
import { ConfirmStep } from './confirm-step.tsx';
import { useDraftRestored, useParentDraftStore } from './parent-draft-store.ts';
import { neighbours, PARENT_STEPS, resolveStep, stepsFor, type ParentStep } from './parent-steps.ts';
import { PaymentStep } from './payment-step.tsx';
import { PlanStep } from './plan-step.tsx';
import { StudentStep } from './student-step.tsx';

const [FIRST_STEP] = PARENT_STEPS;

/**
 * The search string of a step: the current one with `step` changed (a redirect stays). The first step
 * is the sign-up's own address, with no `step`, as the site's links and the page's canonical address
 * name it: landing there changes no address (and costs a phone no second render of the page). An
 * invitation code never goes back into the address: useAddressSecrets keeps it.
 */
const searchFor = (params: URLSearchParams, step: ParentStep): string => {
  const next = new URLSearchParams(params);
  if (step === FIRST_STEP) next.delete('step');
  else next.set('step', step);
  next.delete('code');
  return `?${next.toString()}`;
};

/**
 * Parent sign-up, one step per URL (the sign-up's own address for the plan, then `?step=account`,
 * `student`, [`payment`], `confirm`). Typed values live in session storage, so reload, back and forward keep them; a URL
 * cannot skip ahead of a step whose values are missing.
 */
export const ParentFlow = ({ rules, provider }: { rules: CountryRules; provider: PaymentProvider | null }) => {
  const { t } = useRegistrationTranslation();
  // A tutor's invitation code leaves the address before any third-party script may read it.
  const { secrets } = useAddressSecrets();
  const [params, setParams] = useSearchParams();
  const steps = stepsFor(provider !== null);
  const draft = useParentDraftStore((state) => state.draft);
  const restore = useDraftRestored();
  const restored = restore !== 'pending';
  const requested = params.get('step');
  const step = resolveStep(requested, draft, rules, steps);
  const { previous, next, number, count } = neighbours(step, steps);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef<ParentStep | null>(null);

  // A finished sign-up's draft is emptied only once this screen has gone: emptied while it is still
  // shown, the URL would be sent back to the first step under the navigation that leaves it.
  useEffect(
    () => () => {
      const store = useParentDraftStore.getState();
      if (store.completed) store.reset();
    },
    [],
  );

  // The URL always names the step shown (no step names the first): one skipped ahead to, or unknown, is
  // corrected in place, once this tab's draft is known.
  useEffect(() => {
    if (restored && (requested ?? FIRST_STEP) !== step) setParams(new URLSearchParams(searchFor(params, step)), { replace: true });
  }, [restored, requested, step, params, setParams]);

  // A new step takes the focus to its heading, so keyboard and screen-reader users start there. A
  // layout effect, so that a step focusing a field with a server error (a passive effect) wins.
  useLayoutEffect(() => {
    if (shown.current !== null && shown.current !== step) heading.current?.focus();
    shown.current = step;
  }, [step]);

  const goTo = useCallback((to: ParentStep) => setParams(new URLSearchParams(searchFor(params, to))), [params, setParams]);
  const title = t(`parent.steps.${step}`);
  const stepProps = {
    rules,
    title,
    back: previous && searchFor(params, previous),
    onDone: () => next && goTo(next),
  };
  const code = secrets.code ?? null;
  // A later step than the first cannot be judged before the draft is read: the server and the
  // hydrating page show it is coming; the first step they render as it is.
  const waiting = !restored && requested !== null && requested !== 'select_plan';
  // A step's form starts from the draft as it is when it mounts: once more when reading the saved
  // draft changed it. With nothing saved, the form the page hydrated stays (no second mount on a phone).
  const stepKey = `${step}-${restore === 'changed'}`;

  return (
    <Flex justify="center">
      <Card size="4" style={{ width: '100%', maxWidth: 560 }}>
        <PageHeader
          title={`${title} – ${t('registerParent.title')}`}
          heading={t('registerParent.heading')}
          picture={<AudienceIllustration audience="parent" size={80} />}
        />
        {step === 'select_plan' && (
          <Box mb="4">
            <CountryChoice rules={rules} route="registerParent" />
          </Box>
        )}
        {code && (
          <StatusMessage tone="info" mb="4">
            <StatusText>{t('parent.withInvitation')}</StatusText>
          </StatusMessage>
        )}
        <Flex direction="column" gap="1" mb="4">
          <Text size="2" color="gray">
            {t('parent.progress', { number, count })}
          </Text>
          <Heading as="h2" size="5" ref={heading} tabIndex={-1} className="registration-step-heading">
            {title}
          </Heading>
        </Flex>
        {waiting && (
          <Flex align="center" gap="2" py="6" role="status">
            <Spinner />
            <Text>{t('parent.restoring')}</Text>
          </Flex>
        )}
        {/* Keyed by step: each step's form starts from the draft as it is now. */}
        {!waiting && step === 'select_plan' && <PlanStep key={stepKey} {...stepProps} />}
        {!waiting && step === 'account' && <AccountStep key={stepKey} {...stepProps} />}
        {!waiting && step === 'student' && <StudentStep key={stepKey} {...stepProps} />}
        {!waiting && step === 'payment' && provider && <PaymentStep key={stepKey} {...stepProps} provider={provider} />}
        {!waiting && step === 'confirm' && (
          <ConfirmStep
            key={stepKey}
            {...stepProps}
            code={code}
            withPayment={provider !== null}
            stepSearch={(to) => searchFor(params, to)}
            fixAt={goTo}
          />
        )}
      </Card>
    </Flex>
  );
};

/** `/register/parent/:locale?`. */
export const ParentScreen = () => {
  const { t } = useRegistrationTranslation();
  const rules = useCountryRules();
  if (!rules) {
    return (
      <>
        <PageHeader title={t('registerParent.title')} heading={t('registerParent.heading')} />
        <UnknownLocale route="registerParent" />
      </>
    );
  }
  return <ParentFlow rules={rules} provider={configuredPaymentProvider()} />;
};
