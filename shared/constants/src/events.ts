/** Every event this front end sends to the event gateway carries this type. */
export const GATEWAY_EVENT_TYPE = 'Frontend';

/** Event names the entry app sends; APP_UPDATED is upper case as the spec spells it. */
export const EVENT_NAMES = ['login_failed', 'logout', 'APP_UPDATED'] as const;
export type EventName = (typeof EVENT_NAMES)[number];
