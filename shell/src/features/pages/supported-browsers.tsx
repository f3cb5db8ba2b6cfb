import { useSyncExternalStore } from 'react';
import { MIN_BROWSER_VERSIONS } from '@entry/constants';
import { useTranslation } from '@entry/i18n';
import { Callout, Text } from '@entry/ui';
import { isSupportedBrowser } from '../browser-banner/browser-support.ts';

const noSubscription = () => () => undefined;

/** The one list of supported browsers (the build reads the same floor from .browserslistrc). */
export const SupportedBrowsers = () => {
  const { t } = useTranslation('shell');
  // The visitor's own browser: unknown on the server and while hydrating.
  const supported = useSyncExternalStore(noSubscription, () => isSupportedBrowser(navigator.userAgent), () => null);
  return (
    <>
      <Callout.Root color={supported === false ? 'amber' : 'green'} role="status" mb="4">
        <Callout.Text>{supported !== null && t(supported ? 'pages.browsers.supported' : 'pages.browsers.unsupported')}</Callout.Text>
      </Callout.Root>
      <table className="shell-table">
        <caption>{t('pages.browsers.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('pages.browsers.browser')}</th>
            <th scope="col">{t('pages.browsers.minimum')}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(MIN_BROWSER_VERSIONS).map(([browser, version]) => (
            <tr key={browser}>
              <th scope="row">{browser}</th>
              <td>
                <Text>{t('pages.browsers.orNewer', { version })}</Text>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
};
