import { getHref, Link as RouterLink, useLocation, type RouteId } from '@entry/routes';
import { Link, Text } from '@entry/ui';
import { localeParam, otherLocale, type CountryRules } from './country.ts';
import { useDefaultLocale } from './use-country-rules.ts';
import { useRegistrationTranslation } from './use-registration-translation.ts';

/**
 * Which country's sign-up this is (picked from the URL, or from where the visitor is), and the way to
 * the other's: "Not in the US? Change". What the visitor came with (a redirect) goes along.
 */
export const CountryChoice = ({ rules, route }: { rules: CountryRules; route: Extract<RouteId, 'register' | 'registerParent' | 'registerTutor'> }) => {
  const { t } = useRegistrationTranslation();
  const fallback = useDefaultLocale();
  const { search } = useLocation();
  const other = otherLocale(rules.locale);
  return (
    <Text as="p" size="2">
      {t('countryChoice.current', { country: t(`countries.${rules.locale}`) })}{' '}
      <Link asChild underline="always">
        <RouterLink to={`${getHref(route, { locale: localeParam(other, fallback) })}${search}`}>
          {t('countryChoice.change', { country: t(`countryChoice.short.${rules.locale}`) })}
        </RouterLink>
      </Link>
    </Text>
  );
};
