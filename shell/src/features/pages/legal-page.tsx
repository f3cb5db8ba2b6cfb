import { addTranslations, useTranslation } from '@entry/i18n';
import { Heading, PageHeader, Text, useBrandName } from '@entry/ui';
import { legalTexts } from '../../locales/legal-en-gb.ts';
import './pages.css';

addTranslations('shell', legalTexts);

const SECTIONS = {
  privacy: ['who', 'what', 'why', 'cookies', 'children', 'keep', 'rights'],
  terms: ['account', 'use', 'tests', 'subscriptions', 'changes', 'contact'],
} as const;

/** The privacy notice or the terms of use: a heading and a paragraph per section, in the brand's name. */
export const LegalPage = ({ page }: { page: keyof typeof SECTIONS }) => {
  const { t } = useTranslation('shell');
  const brand = useBrandName();
  return (
    <article className="shell-prose">
      <PageHeader title={t(`pages.${page}.title`)} heading={t(`pages.${page}.heading`)}>
        {t(`pages.${page}.lead`, { brand })}
      </PageHeader>
      {SECTIONS[page].map((section) => (
        <section key={section}>
          <Heading as="h2" size="5" mb="2">
            {t(`pages.${page}.sections.${section}.heading`)}
          </Heading>
          <Text as="p" mb="5">
            {t(`pages.${page}.sections.${section}.body`, { brand })}
          </Text>
        </section>
      ))}
    </article>
  );
};
