import { useEffect, useRef } from 'react';
import { useTranslation } from '@entry/i18n';
import { REMOTE_NAMES, useLocation } from '@entry/routes';
import { notify } from '@entry/ui';
import { env } from '../../app/env.ts';
import { guardedReload } from './recovery-reload.ts';
import { useOptionalRemoteLoader } from './remote-loader-context.ts';
import { fetchRemoteRegistry, isWithdrawn } from './remote-registry.ts';

/** Set before the reload that follows a withdrawal, read once by the page that loads. */
const NOTICE_KEY = 'entry.withdrawn-notice';

const session = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};

/**
 * An open tab follows a rollback (issue 25): at each navigation it reads the registry again, and when a
 * remote it runs is at a version a rollback went from (a cancelled canary, an aborted rollout, a rolled
 * back release) that nobody is offered now, the page loads again, whole, with the current versions,
 * and then says why in one line. A tab on a version still offered is untouched; a previewed version
 * stays until the visitor leaves the preview. At most one such reload for each version (recovery-reload.ts).
 */
export const FollowWithdrawals = () => {
  const { t } = useTranslation('shell');
  const loader = useOptionalRemoteLoader();
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (session()?.getItem(NOTICE_KEY)) {
      session()?.removeItem(NOTICE_KEY);
      notify.blank(t('withdrawn'));
    }
  }, [t]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!loader) return;
    const running = REMOTE_NAMES.flatMap((name) => {
      const version = loader.runningVersion(name);
      return version && loader.registry[name].source !== 'preview' && loader.registry[name].source !== 'override' ? [[name, version] as const] : [];
    });
    if (running.length === 0) return;
    void fetchRemoteRegistry(env.registryUrl).then(
      ({ document }) => {
        const withdrawn = running.find(([name, version]) => isWithdrawn(document.remotes[name], version));
        if (!withdrawn) return;
        const storage = session();
        storage?.setItem(NOTICE_KEY, '1');
        if (!guardedReload(storage, `withdrawn:${withdrawn[0]}@${withdrawn[1]}`, () => location.reload())) storage?.removeItem(NOTICE_KEY);
      },
      () => undefined,
    );
  }, [pathname, loader, t]);

  return null;
};
