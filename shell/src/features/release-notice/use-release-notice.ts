import { useEffect } from 'react';
import { getLatestRelease, publishEvent } from '@entry/api';
import { RELEASE_POLL_INTERVAL_MS } from '@entry/constants';
import { useTranslation } from '@entry/i18n';
import { useLocation } from '@entry/routes';
import { alertDialog, notify } from '@entry/ui';
import { env } from '../../app/env.ts';
import { whenIdle } from '../../app/when-idle.ts';
import { decideReleaseNotice, isIgnoredRoute } from './release-notice-state.ts';

/** When the update alert was last shown (kept across visits). */
export const LAST_ALERT_KEY = 'releaseNotice.lastAlertAt';
/** When this page first showed the update toast; cleared when the page unloads (SPEC section 4). */
export const TOAST_FIRST_VIEW_KEY = 'releaseNotice.toastFirstViewAt';
const TOAST_ID = 'release-notice';

const update = async () => {
  await publishEvent('APP_UPDATED');
  window.location.reload();
};

let alertShowing = false;

/** Polls for a newer release every 60 s, first once the page is idle, and offers it (SPEC section 4, Release notice). */
export const useReleaseNotice = () => {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const ignoredRoute = isIgnoredRoute(pathname);

  useEffect(() => {
    const forget = () => sessionStorage.removeItem(TOAST_FIRST_VIEW_KEY);
    window.addEventListener('pagehide', forget);
    return () => window.removeEventListener('pagehide', forget);
  }, []);

  useEffect(() => {
    const check = async () => {
      const latest = await getLatestRelease().then(
        ({ version }) => version,
        () => null,
      );
      const lastAlert = localStorage.getItem(LAST_ALERT_KEY);
      const notice = decideReleaseNotice({
        running: env.releaseId,
        latest,
        development: env.releaseId === 'development',
        ignoredRoute,
        lastAlertAt: lastAlert === null ? null : Number(lastAlert),
        now: Date.now(),
      });
      if (notice === 'alert' && !alertShowing) {
        alertShowing = true;
        localStorage.setItem(LAST_ALERT_KEY, String(Date.now()));
        alertDialog({
          title: t('release.title'),
          description: t('release.body'),
          actionLabel: t('release.update'),
          cancelLabel: t('release.later'),
          onAction: () => void update(),
          onClose: () => {
            alertShowing = false;
          },
        });
      } else if (notice === 'toast' && !alertShowing && !sessionStorage.getItem(TOAST_FIRST_VIEW_KEY)) {
        sessionStorage.setItem(TOAST_FIRST_VIEW_KEY, String(Date.now()));
        notify.blank(t('release.toast'), { id: TOAST_ID, action: { label: t('release.update'), onClick: () => void update() } });
      }
    };
    // The first check waits for the page to be idle: the visitor's first tap does not need it (ADR 024).
    const cancelFirst = whenIdle(() => void check());
    const timer = setInterval(() => void check(), RELEASE_POLL_INTERVAL_MS);
    return () => {
      cancelFirst();
      clearInterval(timer);
    };
  }, [ignoredRoute, t]);
};
