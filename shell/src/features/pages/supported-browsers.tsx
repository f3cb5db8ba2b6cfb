import { MIN_BROWSER_VERSIONS } from '@entry/constants';
import { useTranslation } from '@entry/i18n';
import { StatusMessage, StatusText, Text, useBrowserValue } from '@entry/ui';
import { isSupportedBrowser } from '../browser-banner/browser-support.ts';

/** The one list of supported browsers (the build reads the same floor from .browserslistrc). */
export const SupportedBrowsers = () => {
  const { t } = useTranslation('shell');
  // Known only in the browser: a page rendered on the server shows the list alone until then.
  const supported = useBrowserValue(() => isSupportedBrowser(navigator.userAgent), null);
  return (
    <>
      {supported !== null && (
        <StatusMessage tone={supported ? 'success' : 'warning'} role="status" mb="4">
          <StatusText>{t(supported ? 'pages.browsers.supported' : 'pages.browsers.unsupported')}</StatusText>
        </StatusMessage>
      )}
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
