import { useLocation } from '@entry/routes';
import { useBrand, useInExamMode } from '@entry/ui';
import { CookieChoices, CookieConsent } from '../consent/cookie-consent.tsx';
import { ReleaseNotice } from '../release-notice/release-notice.tsx';

/**
 * Everything shown over every screen. The assessments portal sits outside cookie consent (SPEC
 * section 2); a taster test under way is not interrupted by the banner either: it would cover the
 * answers on a phone and lead off the page. Until the visitor chooses, only necessary cookies are
 * used, so asking after the test loses nothing.
 */
export const ShellOverlays = () => {
  const brand = useBrand();
  const { pathname } = useLocation();
  const inAssessments = pathname.startsWith('/assessments/');
  const exam = useInExamMode();
  return (
    <>
      <ReleaseNotice />
      {brand === 'atom' && !inAssessments && <CookieConsent quiet={exam} />}
      {brand !== 'atom' && <CookieChoices />}
    </>
  );
};
