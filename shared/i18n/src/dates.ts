import { i18n, LOCALE } from './i18n.ts';

/** SPEC section 1: dates as DD/MM/YYYY, times in 24-hour format, relative-day labels. */
const dateFormat = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export const formatDate = (date: Date): string => dateFormat.format(date);
export const formatTime = (date: Date): string => timeFormat.format(date);

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

i18n.addResourceBundle(LOCALE, 'dates', { yesterday: 'Yesterday', today: 'Today', tomorrow: 'Tomorrow' }, true, true);

/** Yesterday, Today or Tomorrow when the date is one of those days, else the date itself. */
export const formatRelativeDay = (date: Date, now: Date = new Date()): string => {
  // Calendar days, not 24-hour spans: 23:59 yesterday is Yesterday even a minute later.
  const offset = Math.round((startOfDay(date) - startOfDay(now)) / DAY_MS);
  const label = { [-1]: 'yesterday', 0: 'today', 1: 'tomorrow' }[offset];
  return label ? i18n.t(label, { ns: 'dates' }) : formatDate(date);
};
