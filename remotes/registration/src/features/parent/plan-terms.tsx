import { TRIAL_DAYS, TRIAL_REMINDER_DAYS } from '@entry/constants';
import { StatusMessage, StatusText } from '@entry/ui';
import { formatPrice, type CountryRules } from '../../lib/country.ts';
import { useRegistrationTranslation } from '../../lib/use-registration-translation.ts';

/**
 * What the plan costs, said plainly in this order: the trial's length, the price per period after it,
 * that it can be cancelled any time, and the reminder before the first charge. The figures are the
 * shared plan constants the server's subscriptions use too.
 */
export const PlanTerms = ({ rules }: { rules: CountryRules }) => {
  const { t } = useRegistrationTranslation();
  const price = t(`plan.perPeriod.${rules.price.period}`, { price: formatPrice(rules.price, rules.language) });
  return (
    <StatusMessage tone="info">
      <StatusText>
        <strong>{t('plan.trialLength', { count: TRIAL_DAYS })}</strong> {t('plan.then', { price })} {t('plan.cancel')}{' '}
        {t('plan.reminder', { count: TRIAL_REMINDER_DAYS })}
      </StatusText>
    </StatusMessage>
  );
};
