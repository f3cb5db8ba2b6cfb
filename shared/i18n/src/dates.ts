import { i18n, LOCALE } from './i18n.ts';

/**
 * A formatter made when first used: making one loads the locale's data, tens of milliseconds on a
 * phone, which a page that shows no date should not spend while it starts.
 */
const formatter = (options: Intl.DateTimeFormatOptions) => {
  let format: Intl.DateTimeFormat | undefined;
  return (date: Date) => (format ??= new Intl.DateTimeFormat(LOCALE, options)).format(date);
};

/** SPEC section 1: dates as DD/MM/YYYY, times in 24-hour format, relative-day labels. */
export const formatDate: (date: Date) => string = formatter({ day: '2-digit', month: '2-digit', year: 'numeric' });
export const formatTime: (date: Date) => string = formatter({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

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
