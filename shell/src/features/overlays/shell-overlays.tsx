import { ReleaseNotice } from '../release-notice/release-notice.tsx';

/** Everything shown over every screen: the release notice. (Cookie consent is in the page's flow.) */
export const ShellOverlays = () => <ReleaseNotice />;
