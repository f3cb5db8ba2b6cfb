import { describe, expect, it } from 'vitest';
import { formatDate, formatRelativeDay, formatTime } from './dates.ts';

describe('dates', () => {
  it('writes dates as DD/MM/YYYY and times in 24-hour format', () => {
    expect(formatDate(new Date(2026, 0, 5, 18, 7))).toBe('05/01/2026');
    expect(formatTime(new Date(2026, 0, 5, 18, 7))).toBe('18:07');
    expect(formatTime(new Date(2026, 0, 5, 0, 30))).toBe('00:30');
  });

  it('says Yesterday, Today and Tomorrow by calendar day, and the date otherwise', () => {
    const now = new Date(2026, 10, 21, 0, 1);
    expect(formatRelativeDay(new Date(2026, 10, 20, 23, 59), now)).toBe('Yesterday');
    expect(formatRelativeDay(new Date(2026, 10, 21, 23, 0), now)).toBe('Today');
    expect(formatRelativeDay(new Date(2026, 10, 22, 8, 0), now)).toBe('Tomorrow');
    expect(formatRelativeDay(new Date(2026, 10, 23), now)).toBe('23/11/2026');
    expect(formatRelativeDay(new Date(2026, 10, 19), now)).toBe('19/11/2026');
  });
});
