import { describe, expect, it, vi } from 'vitest';
import { addTranslations, i18n } from './i18n.ts';

describe('i18n', () => {
  it('speaks en-GB and reads texts from the namespace that added them', () => {
    addTranslations('demo', { greeting: 'Hello {{name}}' });
    expect(i18n.language).toBe('en-GB');
    expect(i18n.t('greeting', { ns: 'demo', name: 'Ada' })).toBe('Hello Ada');
  });

  it('speaks en-US where a namespace says it differently, and en-GB for the rest', () => {
    addTranslations('spelling', { colour: 'Colour', both: 'Same' });
    addTranslations('spelling', { colour: 'Color' }, 'en-US');
    const us = i18n.getFixedT('en-US', 'spelling');
    expect([us('colour'), us('both')]).toEqual(['Color', 'Same']);
    expect(i18n.t('colour', { ns: 'spelling' })).toBe('Colour');
  });

  it('throws on a missing key outside production', () => {
    expect(() => i18n.t('nothing-here', { ns: 'demo' })).toThrow('Missing translation: demo:nothing-here');
  });

  it('in production shows the key itself and reports it', async () => {
    vi.resetModules();
    vi.stubEnv('DEV', false);
    try {
      const fresh = await import('./i18n.ts');
      const reported: string[] = [];
      fresh.onMissingKey((key, namespace) => reported.push(`${namespace}:${key}`));
      fresh.addTranslations('demo', { greeting: 'Hello' });
      expect(fresh.i18n.t('nothing-here', { ns: 'demo' })).toBe('nothing-here');
      expect(reported).toEqual(['demo:nothing-here']);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
