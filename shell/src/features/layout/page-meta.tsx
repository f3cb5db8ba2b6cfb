import { addTranslations, useTranslation } from '@entry/i18n';
import { BASE_PATH, isIndexedPage, useLocation, useMatches, useSite } from '@entry/routes';
import { useBrandName } from '@entry/ui';
import { metaTexts } from '../../locales/meta-en-gb.ts';

addTranslations('shell', metaTexts);

/**
 * The head of every page (issue 24): its description, its canonical address on the configured origin
 * (PUBLIC_ORIGIN on the server, never the request's Host) and its social tags; pages that are a
 * visitor's own, carry a secret or are missing say `noindex` and name no canonical. React puts them
 * in the head; the server moves them there in the page it composes. A page written ahead for a static
 * host knows no origin (`.invalid`, RFC 2606): the browser adds the canonical address once it runs.
 */
export const PageMeta = () => {
  const { t } = useTranslation('shell');
  const brand = useBrandName();
  const { origin } = useSite();
  const { pathname } = useLocation();
  const routeId = useMatches().at(-1)?.id;
  const indexed = routeId !== undefined && isIndexedPage(routeId);
  const description = t(routeId && routeId in metaTexts.meta.description ? `meta.description.${routeId}` : 'meta.site', { brand });
  const canonical = indexed && !new URL(origin).hostname.endsWith('.invalid') ? `${origin}${BASE_PATH}${pathname === '/' ? '/' : pathname.replace(/\/$/, '')}` : null;
  return (
    <>
      <meta name="description" content={description} />
      {!indexed && <meta name="robots" content="noindex" />}
      {canonical && <link rel="canonical" href={canonical} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={brand} />
      <meta property="og:title" content={brand} />
      <meta property="og:description" content={description} />
      {canonical && <meta property="og:url" content={canonical} />}
      <meta name="twitter:card" content="summary" />
    </>
  );
};
