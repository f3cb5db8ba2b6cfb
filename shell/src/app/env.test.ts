import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';

const read = (values: Record<string, string | undefined>) => readEnv({ MODE: 'production', ...values }, '/public');

describe('readEnv', () => {
  it('defaults to the atom brand, no preview and no tag manager', () => {
    expect(read({})).toEqual({
      brand: 'atom',
      registryUrl: '/public/remotes.json',
      releaseId: 'development',
      sentryDsn: undefined,
      environment: 'production',
      themeSwitcher: false,
      gtmId: undefined,
      remoteOverrides: false,
    });
  });

  it('allows remote overrides in development, and elsewhere only when PUBLIC_REMOTE_OVERRIDES is true', () => {
    expect(read({ MODE: 'development' }).remoteOverrides).toBe(true);
    expect(read({ PUBLIC_REMOTE_OVERRIDES: 'true' }).remoteOverrides).toBe(true);
    expect(read({ PUBLIC_REMOTE_OVERRIDES: 'yes' }).remoteOverrides).toBe(false);
  });

  it('takes the quest brand and refuses any other', () => {
    expect(read({ PUBLIC_BRAND: 'quest' }).brand).toBe('quest');
    expect(() => read({ PUBLIC_BRAND: 'Quest' })).toThrow('PUBLIC_BRAND must be one of atom, quest; it is "Quest"');
  });

  it('shows the theme switcher in development and preview builds only', () => {
    expect(read({ MODE: 'development' }).themeSwitcher).toBe(true);
    expect(read({ PUBLIC_PREVIEW: 'true' }).themeSwitcher).toBe(true);
    expect(read({ PUBLIC_PREVIEW: 'false' }).themeSwitcher).toBe(false);
    expect(read({ PUBLIC_PREVIEW: '' }).themeSwitcher).toBe(false);
    expect(() => read({ PUBLIC_PREVIEW: 'yes' })).toThrow('PUBLIC_PREVIEW must be true or false; it is "yes"');
  });

  it('takes a tag manager container id and nothing else', () => {
    expect(read({ PUBLIC_GTM_ID: 'GTM-AB12CD3' }).gtmId).toBe('GTM-AB12CD3');
    expect(read({ PUBLIC_GTM_ID: '' }).gtmId).toBeUndefined();
    expect(() => read({ PUBLIC_GTM_ID: 'GTM-X"><script>' })).toThrow('PUBLIC_GTM_ID must look like GTM-XXXXXXX');
  });
});
