import { Outlet } from '@entry/routes';
import { Box, Container } from '@entry/ui';
import { BrowserBanner } from '../browser-banner/browser-banner.tsx';
import { DevOverlay } from '../dev-overlay/dev-overlay.tsx';
import { useNavigationBehaviours } from '../navigation/use-navigation-behaviours.ts';
import { ShellOverlays } from '../overlays/shell-overlays.tsx';
import { SignedOutOnly } from '../session/signed-out-only.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopBar } from './top-bar.tsx';

export const AppLayout = () => {
  useNavigationBehaviours();
  return (
    <>
      <BrowserBanner />
      <TopBar />
      <Container size="3" px="4" asChild>
        <main>
          <Box py="4">
            <SignedOutOnly>
              <Outlet />
            </SignedOutOnly>
          </Box>
        </main>
      </Container>
      <SiteFooter />
      <ShellOverlays />
      {import.meta.env.DEV && <DevOverlay />}
    </>
  );
};
