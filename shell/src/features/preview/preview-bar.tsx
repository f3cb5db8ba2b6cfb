import { useTranslation } from '@entry/i18n';
import { Link, StatusMessage, StatusText } from '@entry/ui';
import { useOptionalRemoteLoader } from '../remotes/remote-loader-context.ts';

/** The server's address that ends a preview (server/src/preview): outside the app's routes, so a full load (its target keeps the app from following it). */
const LEAVE_PREVIEW = '/preview/leave';

/**
 * "Preview of registration 2.1.0 · Leave" on every page of a browser a preview link pinned to a version
 * (`npm run preview`). The pin comes from the registry the page was started with, on the server and in
 * the browser alike, so the bar is in the server's page and hydrates unchanged.
 */
export const PreviewBar = () => {
  const { t } = useTranslation('shell');
  const registry = useOptionalRemoteLoader()?.registry;
  const pinned = Object.entries(registry ?? {}).filter(([, { source }]) => source === 'preview');
  if (pinned.length === 0) return null;
  return (
    <StatusMessage tone="info" role="region" aria-label={t('preview.label')} className="shell-preview-bar">
      <StatusText>
        {pinned.map(([remote, { version }]) => t('preview.body', { remote, version })).join(', ')}
        {' · '}
        <Link href={LEAVE_PREVIEW} target="_self" underline="always">
          {t('preview.leave')}
        </Link>
      </StatusText>
    </StatusMessage>
  );
};
