import { COMPANY, LEGAL_LAST_UPDATED, type Company } from '@entry/constants';
import { addTranslations, formatDate, useTranslation } from '@entry/i18n';
import { Heading, Link, PageHeader, Text, useBrandName } from '@entry/ui';
import { useConsentStore } from '../consent/consent-store.ts';
import { legalTexts } from '../../locales/legal-en-gb.ts';
import './pages.css';

addTranslations('shell', legalTexts);

const SECTIONS = {
  privacy: ['who', 'what', 'why', 'cookies', 'children', 'usFamilies', 'keep', 'rights'],
  terms: ['account', 'use', 'tests', 'subscriptions', 'changes', 'contact'],
} as const;

/** A button (it opens a dialog) that reads as a link: the cookie choices, in either brand. */
const CookieSettings = () => {
  const { t } = useTranslation('shell');
  const openPreferences = useConsentStore((state) => state.setPreferencesOpen);
  return (
    <Text as="p" mb="5" mt="-3">
      <Link asChild underline="always">
        <button type="button" className="shell-link-button shell-tap-target" onClick={() => openPreferences(true)}>
          {t('pages.cookieSettings')}
        </button>
      </Link>
    </Text>
  );
};

/** The sections that name the company: its number and registered office follow them. */
const NAMES_THE_COMPANY = new Set<string>(['who', 'contact']);

/** The company number and registered office, once the business has supplied both (ADR 023); else null. */
export const registrationOf = ({ companyNumber, registeredOffice }: Company): { number: string; office: string } | null =>
  companyNumber && registeredOffice ? { number: companyNumber, office: registeredOffice } : null;

/**
 * The privacy notice or the terms of use: when they last changed, a heading and a paragraph per
 * section, in the brand's name, with the company's details (issue 24).
 */
export const LegalPage = ({ page }: { page: keyof typeof SECTIONS }) => {
  const { t } = useTranslation('shell');
  const values = {
    brand: useBrandName(),
    company: COMPANY.legalName,
    registeredIn: COMPANY.registeredIn,
    privacyEmail: COMPANY.privacyEmail,
    supportEmail: COMPANY.supportEmail,
  };
  const registration = registrationOf(COMPANY);
  return (
    <article className="shell-prose">
      <PageHeader title={t(`pages.${page}.title`)} heading={t(`pages.${page}.heading`)}>
        {t(`pages.${page}.lead`, values)}
      </PageHeader>
      <Text as="p" mb="5" color="gray">
        <time dateTime={LEGAL_LAST_UPDATED}>{t('pages.lastUpdated', { date: formatDate(new Date(LEGAL_LAST_UPDATED)) })}</time>
      </Text>
      {SECTIONS[page].map((section) => (
        <section key={section}>
          <Heading as="h2" size="5" mb="2">
            {t(`pages.${page}.sections.${section}.heading`)}
          </Heading>
          <Text as="p" mb="5">
            {t(`pages.${page}.sections.${section}.body`, values)}
          </Text>
          {section === 'cookies' && <CookieSettings />}
          {NAMES_THE_COMPANY.has(section) && registration && (
            <Text as="p" mb="5">
              {t('pages.companyRegistration', registration)}
            </Text>
          )}
        </section>
      ))}
    </article>
  );
};
