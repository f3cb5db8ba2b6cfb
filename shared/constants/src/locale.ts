/** Lower case as the product spells it; Intl APIs accept it as is. */
export const LOCALE = 'en-gb';
/** Display pattern in the usual date-library tokens. */
export const DATE_FORMAT = 'DD/MM/YYYY';
/** 24-hour clock, as Intl.DateTimeFormat's `hourCycle` option. */
export const HOUR_CYCLE = 'h23';
