import { COMPANY } from '@entry/constants';
import { useTranslation } from '@entry/i18n';
import { getHref, Link as RouterLink } from '@entry/routes';
import { Heading, Link, PageHeader, Text, useBrandName } from '@entry/ui';
import './pages.css';

const QUESTIONS = ['password', 'code', 'child', 'device'] as const;

/** `/help`, where the help icon leads (issue 24): common questions, the technical requirements, and how to reach us. */
export const HelpPage = () => {
  const { t } = useTranslation('shell');
  const brand = useBrandName();
  return (
    <article className="shell-prose">
      <PageHeader title={t('pages.help.title')} heading={t('pages.help.heading')}>
        {t('pages.help.lead', { brand })}
      </PageHeader>
      <section aria-labelledby="help-contact">
        <Heading as="h2" size="5" mb="2" id="help-contact">
          {t('pages.help.contact.heading')}
        </Heading>
        <Text as="p" mb="2">
          {t('pages.help.contact.body')}
        </Text>
        <Text as="p" mb="5">
          <Link href={`mailto:${COMPANY.supportEmail}`} underline="always" className="shell-tap-target">
            {COMPANY.supportEmail}
          </Link>
        </Text>
      </section>
      <section aria-labelledby="help-questions">
        <Heading as="h2" size="5" mb="2" id="help-questions">
          {t('pages.help.questions.heading')}
        </Heading>
        {QUESTIONS.map((question) => (
          <div key={question}>
            <Heading as="h3" size="3" mb="1">
              {t(`pages.help.questions.${question}.question`)}
            </Heading>
            <Text as="p" mb="4">
              {t(`pages.help.questions.${question}.answer`, { brand })}
            </Text>
          </div>
        ))}
      </section>
      <Text as="p" mb="5">
        <Link asChild underline="always" className="shell-tap-target">
          <RouterLink to={getHref('technicalRequirements')}>{t('pages.help.requirements')}</RouterLink>
        </Link>
      </Text>
    </article>
  );
};
