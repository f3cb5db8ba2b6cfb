import { useTranslation } from '@entry/i18n';
import { getHref, Link as RouterLink } from '@entry/routes';
import { AudienceIllustration, Button, Card, Flex, Heading, PageHeader, Text, useBrandName, type Audience } from '@entry/ui';
import './pages.css';

type Way = { label: string; to: string; primary?: boolean };

/** Each audience of SPEC section 6 with its ways in: a parent signs up or logs in, a school logs in or sees the demo, a student logs in or opens a report. */
const useAudiences = (): { audience: Audience; ways: Way[] }[] => {
  const { t } = useTranslation('shell');
  return [
    {
      audience: 'parent',
      ways: [
        { label: t('pages.home.parent.signUp'), to: getHref('registerParent'), primary: true },
        { label: t('pages.home.logIn'), to: getHref('login') },
      ],
    },
    {
      audience: 'school',
      ways: [
        { label: t('pages.home.logIn'), to: getHref('login'), primary: true },
        { label: t('pages.home.school.demo'), to: getHref('demo') },
      ],
    },
    {
      audience: 'student',
      ways: [
        { label: t('pages.home.logIn'), to: getHref('login'), primary: true },
        { label: t('pages.home.student.report'), to: getHref('report') },
      ],
    },
  ];
};

/** `/`: the site's home (ADR 022), a way in for parents, schools and students; the login stays at /login. */
export const HomePage = () => {
  const { t } = useTranslation('shell');
  const brand = useBrandName();
  return (
    <>
      <PageHeader title={t('pages.home.title')} heading={t('pages.home.heading', { brand })}>
        {t('pages.home.lead')}
      </PageHeader>
      <ul className="shell-feature-grid shell-audiences">
        {useAudiences().map(({ audience, ways }) => (
          <li key={audience}>
            <Card size="3" asChild>
              <section aria-labelledby={`home-${audience}`}>
                <Flex direction="column" gap="3" height="100%">
                  <AudienceIllustration audience={audience} size={96} />
                  <Heading as="h2" size="5" id={`home-${audience}`}>
                    {t(`pages.home.${audience}.heading`)}
                  </Heading>
                  <Text as="p">{t(`pages.home.${audience}.body`, { brand })}</Text>
                  <Flex direction="column" gap="2" mt="auto">
                    {ways.map((way) => (
                      <Button key={way.to} asChild size="3" variant={way.primary ? 'solid' : 'outline'}>
                        <RouterLink to={way.to}>{way.label}</RouterLink>
                      </Button>
                    ))}
                  </Flex>
                </Flex>
              </section>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
};
