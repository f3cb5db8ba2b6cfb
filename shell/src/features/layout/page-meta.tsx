import { addTranslations, useTranslation } from '@entry/i18n';
import { BASE_PATH, isIndexedPage, useLocation, useMatches, useSite } from '@entry/routes';
import { useBrand, useBrandName } from '@entry/ui';
import atomSocialImage from '../../assets/icons/atom/social.png?url';
import questSocialImage from '../../assets/icons/quest/social.png?url';
import { metaTexts } from '../../locales/meta-en-gb.ts';

addTranslations('shell', metaTexts);

/**
 * Each brand's link preview (1200×630, drawn by scripts/social-images.ts), at the content-hashed
 * address the build gives it, so it is served immutable.
 */
const SOCIAL_IMAGES = { atom: atomSocialImage, quest: questSocialImage } as const;
const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * The head of every page (issue 24): its description, its canonical address on the configured origin
 * (PUBLIC_ORIGIN on the server, never the request's Host) and its social tags; pages that are a
 * visitor's own, carry a secret or are missing say `noindex` and name no canonical. React puts them
 * in the head; the server moves them there in the page it composes. The preview image's address is
 * absolute on the same origin. A page written ahead for a static host without PUBLIC_ORIGIN knows no
 * origin (`.invalid`, RFC 2606): the browser adds the canonical address and the image once it runs.
 */
export const PageMeta = () => {
  const { t } = useTranslation('shell');
  const brand = useBrandName();
  const { origin } = useSite();
  const brandId = useBrand();
  const { pathname } = useLocation();
  const routeId = useMatches().at(-1)?.id;
  const indexed = routeId !== undefined && isIndexedPage(routeId);
  const description = t(routeId && routeId in metaTexts.meta.description ? `meta.description.${routeId}` : 'meta.site', { brand });
  const knownOrigin = !new URL(origin).hostname.endsWith('.invalid');
  const canonical = indexed && knownOrigin ? `${origin}${BASE_PATH}${pathname === '/' ? '/' : pathname.replace(/\/$/, '')}` : null;
  const image = knownOrigin ? new URL(SOCIAL_IMAGES[brandId], origin).href : null;
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
      {image && (
        <>
          <meta property="og:image" content={image} />
          <meta property="og:image:type" content="image/png" />
          <meta property="og:image:width" content={String(SOCIAL_IMAGE_SIZE.width)} />
          <meta property="og:image:height" content={String(SOCIAL_IMAGE_SIZE.height)} />
          <meta property="og:image:alt" content={t('meta.imageAlt', { brand })} />
        </>
      )}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
    </>
  );
};
