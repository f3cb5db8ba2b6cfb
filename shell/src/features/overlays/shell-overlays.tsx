import { useLocation } from '@entry/routes';
import { useBrand } from '@entry/ui';
import { CookieConsent } from '../consent/cookie-consent.tsx';
import { ReleaseNotice } from '../release-notice/release-notice.tsx';

/** Everything shown over every screen. The assessments portal sits outside cookie consent (SPEC section 2). */
export const ShellOverlays = () => {
  const brand = useBrand();
  const { pathname } = useLocation();
  const inAssessments = pathname.startsWith('/assessments/');
  return (
    <>
      <ReleaseNotice />
      {brand === 'atom' && !inAssessments && <CookieConsent />}
    </>
  );
};
