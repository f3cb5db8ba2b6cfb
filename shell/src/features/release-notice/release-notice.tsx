import { useReleaseNotice } from './use-release-notice.ts';

/** Offers a newer release; renders nothing itself (it speaks through the alert dialog and toasts). */
export const ReleaseNotice = () => {
  useReleaseNotice();
  return null;
};
