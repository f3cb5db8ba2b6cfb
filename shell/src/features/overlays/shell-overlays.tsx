import { ReleaseNotice } from '../release-notice/release-notice.tsx';
import { FollowWithdrawals } from '../remotes/follow-withdrawals.tsx';

/** Everything shown over every screen: the release notice, and a tab's move off a withdrawn version. (Cookie consent is in the page's flow.) */
export const ShellOverlays = () => (
  <>
    <ReleaseNotice />
    <FollowWithdrawals />
  </>
);
