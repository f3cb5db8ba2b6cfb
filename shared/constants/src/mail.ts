/**
 * The kinds of email a person can unsubscribe from, one at a time (`/unsubscribe/{type}/{id_user}`).
 * Account mails (reset links, invitations) are not among them: they are sent because someone asked.
 */
export const MAIL_TYPES = ['newsletter', 'marketing', 'reports', 'reminders'] as const;
export type MailType = (typeof MAIL_TYPES)[number];
