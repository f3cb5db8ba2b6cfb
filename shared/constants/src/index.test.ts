import { describe, expect, it } from 'vitest';
import * as constants from './index.ts';

const exported: [string, unknown][] = Object.entries(constants);
const valueLists = exported.filter((entry): entry is [string, readonly unknown[]] => Array.isArray(entry[1]));
const idRecords = exported.filter(([name]) => name.endsWith('_IDS'));

/** Folds case and separators so `in_progress` and `In-Progress` count as the same member. */
const fold = (value: unknown) => (typeof value === 'string' ? value.toLowerCase().replace(/[^a-z0-9]/g, '') : value);

describe('the public entry', () => {
  it('exports the value lists the tests below rely on', () => {
    expect(valueLists.length).toBeGreaterThan(50);
  });

  it.each(valueLists)('%s is non-empty and has no duplicate, even a misspelt one', (_name, values) => {
    expect(values.length).toBeGreaterThan(0);
    expect(new Set(values).size).toBe(values.length);
    expect(new Set(values.map(fold)).size).toBe(values.length);
  });

  it.each(idRecords)('%s gives every member a distinct id', (_name, record) => {
    const ids = Object.values(record as Record<string, number>);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
