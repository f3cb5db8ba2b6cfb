import type { RegistrationPayload } from '@entry/api';
import { TERMS_VERSION } from '@entry/constants';
import type { CountryRules } from '../../lib/country.ts';
import type { ParentDraft, Secrets } from './parent-draft-store.ts';

/**
 * The body of POST /users/public for a parent and their child (the server's sign-up-request.ts reads
 * it). The spec shows no fields of this call; the parent's name goes where the tutor's does, and the
 * terms agreed to as `termsVersion`, which a server that keeps no record of it ignores.
 */
export const toParentPayload = (draft: ParentDraft, secrets: Secrets, rules: CountryRules): RegistrationPayload => ({
  userType: 'parent',
  email: draft.email.trim(),
  password: secrets.password,
  localeCode: rules.locale,
  firstName: draft.parentFirstName.trim(),
  lastName: draft.parentLastName.trim(),
  termsVersion: TERMS_VERSION,
  plan: { purpose: draft.purpose },
  student: {
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    yearGroup: Number(draft.yearGroup),
    username: draft.username.trim().toLowerCase(),
    password: secrets.studentPassword,
  },
  ...(secrets.payment ? { payment: secrets.payment } : {}),
});
