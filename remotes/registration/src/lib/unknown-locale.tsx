import './layout.css';
import { useRegistrationTranslation } from './use-registration-translation.ts';
import { getHref, Link as RouterLink, useLocation, useParams } from '@entry/routes';
import { Flex, Link, StatusMessage, StatusText } from '@entry/ui';
import { localeParam, REGISTRATION_LOCALES } from './country.ts';
import { useDefaultLocale } from './use-country-rules.ts';

type Route = 'register' | 'registerParent' | 'registerTutor';

/** A registration URL with a locale we do not offer: say so and offer the countries we do. */
export const UnknownLocale = ({ route }: { route: Route }) => {
  const { t } = useRegistrationTranslation();
  const { locale } = useParams();
  const { search } = useLocation();
  const fallback = useDefaultLocale();
  return (
    <StatusMessage tone="error" role="alert">
      <StatusText>{t('countries.unknown', { locale })}</StatusText>
      <Flex asChild gap="4">
        <ul className="registration-plain-list">
          {REGISTRATION_LOCALES.map((supported) => (
            <li key={supported}>
              <Link asChild standalone>
                <RouterLink to={`${getHref(route, { locale: localeParam(supported, fallback) })}${search}`}>{t(`countries.${supported}`)}</RouterLink>
              </Link>
            </li>
          ))}
        </ul>
      </Flex>
    </StatusMessage>
  );
};
