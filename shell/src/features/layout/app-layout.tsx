import { useTranslation } from '@entry/i18n';
import { Outlet } from '@entry/routes';
import { Box, Container, useInExamMode } from '@entry/ui';
import { BrowserBanner } from '../browser-banner/browser-banner.tsx';
import { SiteConsent } from '../consent/cookie-consent.tsx';
import { DevOverlay } from '../dev-overlay/dev-overlay.tsx';
import { useHeadingFocus } from '../navigation/use-heading-focus.ts';
import { useNavigationBehaviours } from '../navigation/use-navigation-behaviours.ts';
import { ShellOverlays } from '../overlays/shell-overlays.tsx';
import { PreviewBar } from '../preview/preview-bar.tsx';
import { SignedOutOnly } from '../session/signed-out-only.tsx';
import { PageMeta } from './page-meta.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopBar } from './top-bar.tsx';
import './layout.css';

export const MAIN_ID = 'main';

/** The first stop of the Tab key: straight to the screen, past the bar's links. */
const SkipLink = () => {
  const { t } = useTranslation('shell');
  return (
    <a
      href={`#${MAIN_ID}`}
      className="shell-skip-link"
      onClick={(event) => {
        // Focus, not a jump: the address keeps no #main for the router to see.
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      {t('skipLink')}
    </a>
  );
};

export const AppLayout = () => {
  useNavigationBehaviours();
  useHeadingFocus(MAIN_ID);
  // A test under way keeps its page: no banner or footer links out of it.
  const exam = useInExamMode();
  return (
    <>
      <PageMeta />
      <SkipLink />
      {/* At the top, in the page's flow, next in the Tab order after the skip link: it covers nothing (ADR 006). */}
      <SiteConsent mainId={MAIN_ID} />
      <PreviewBar />
      {!exam && <BrowserBanner />}
      <TopBar />
      <Container size="3" asChild>
        <main id={MAIN_ID} tabIndex={-1} className="shell-main">
          <Box py="4">
            <SignedOutOnly>
              <Outlet />
            </SignedOutOnly>
          </Box>
        </main>
      </Container>
      {!exam && <SiteFooter />}
      <ShellOverlays />
      {import.meta.env.DEV && <DevOverlay />}
    </>
  );
};
