import { beforeEach, describe, expect, it } from 'vitest';
import { findDuplicates, getSingletonRegistry, registerSingletons } from './singleton-registry.ts';

describe('singleton registry', () => {
  beforeEach(() => getSingletonRegistry().clear());

  it('reports nothing while every app holds the same instance', () => {
    const react = {};
    registerSingletons('shell', { react });
    expect(registerSingletons('login', { react })).toEqual([]);
  });

  it('reports a second copy with every owner that registered it', () => {
    registerSingletons('shell', { react: {}, 'auth-store': 'one' });
    const duplicates = registerSingletons('taster', { react: {}, 'auth-store': 'one' });
    expect(duplicates).toEqual([{ name: 'react', owners: ['shell', 'taster'] }]);
    expect(findDuplicates()).toEqual(duplicates);
  });

  it('survives a second copy of this module by keeping its state on globalThis', () => {
    registerSingletons('shell', { react: 1 });
    expect((globalThis as Record<string, unknown>).__ENTRY_SINGLETONS__).toBe(getSingletonRegistry());
  });
});
