import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addTranslations } from '@entry/i18n';
import { AppProviders } from '@entry/ui';
import { shellTexts } from '../../locales/en-gb.ts';
import type { RemoteLoader } from '../remotes/remote-loader.ts';
import { RemoteLoaderContext } from '../remotes/remote-loader-context.ts';
import type { RemoteRegistry } from '../remotes/remote-registry.ts';
import { DevOverlay } from './dev-overlay.tsx';

addTranslations('shell', shellTexts);
afterEach(cleanup);

const entry = (name: string, version: string) => `https://site.test/public/remotes/${name}/${version}/mf-manifest.json`;
const registry: RemoteRegistry = {
  login: { version: 'localhost:3001', entry: 'http://localhost:3001/mf-manifest.json', source: 'override', fallback: null },
  registration: { version: '2.0.0', entry: entry('registration', '2.0.0'), source: 'canary', fallback: null },
  taster: { version: '1.0.0', entry: entry('taster', '1.0.0'), source: 'live', fallback: null },
  assessments: { version: '1.0.0', entry: entry('assessments', '1.0.0'), source: 'live', fallback: null },
};

describe('DevOverlay', () => {
  it('shows the build and where each remote comes from', () => {
    const loader = {
      registry,
      loadScreens: () => Promise.reject(new Error('not used')),
      runningVersion: () => undefined,
      recoverFromCrash: async () => false,
    } as RemoteLoader;
    render(
      <AppProviders brand="atom">
        <RemoteLoaderContext value={loader}>
          <DevOverlay />
        </RemoteLoaderContext>
      </AppProviders>,
    );
    const overlay = screen.getByRole('complementary', { name: 'Build information' });
    expect(within(overlay).getByText('Build development · atom')).toBeTruthy();
    expect(overlay.textContent).toContain('login localhost:3001 (override) http://localhost:3001/mf-manifest.json');
    expect(overlay.textContent).toContain(`registration 2.0.0 (canary) ${entry('registration', '2.0.0')}`);
    expect(overlay.textContent).toContain(`taster 1.0.0 (live) ${entry('taster', '1.0.0')}`);
  });
});
