import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.ts';

describe('readConfig', () => {
  it('has working defaults', () => {
    expect(readConfig({}, '/srv')).toEqual({
      port: 3000,
      host: '127.0.0.1',
      publicDir: '/srv/dist/public',
      databasePath: '/srv/.data/entry.sqlite',
    });
  });

  it.each(['abc', '0', '70000', '3.5'])('refuses PORT=%s with a message naming the variable', (port) => {
    expect(() => readConfig({ PORT: port }, '/srv')).toThrow(ConfigError);
    expect(() => readConfig({ PORT: port }, '/srv')).toThrow(/PORT must be a whole number/);
  });
});
