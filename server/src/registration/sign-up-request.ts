import { isOneOf, TERMS_VERSION, type PlanPurpose } from '@entry/constants';
import { passwordRefusal } from '../accounts/password-policy.ts';
import { BAD_REQUEST } from '../http/request-guards.ts';
import { COUNTRY_RULES, REGISTRATION_LOCALES, type RegistrationLocale } from './countries.ts';
import { isValidUsername, normaliseUsername } from './usernames.ts';

export const MESSAGES = {
  missing: 'Missing params',
  invalid: BAD_REQUEST,
  weak: 'New password is weak',
  emailTaken: 'Your email address is already registered with us',
  duplicate: 'Database error: Duplicate',
  badCode: 'This access code is not valid or has expired',
  studentsOnly: 'Only a student account can accept a tutor’s invitation',
  termsChanged: 'The terms have changed since this page opened',
} as const;

export type NewStudent = { firstName: string; lastName: string; yearGroup: number; username: string; password: string };

/** Who signs up, and the version of the terms they agreed to (the server adds when). */
type Common = { email: string; password: string; locale: RegistrationLocale; firstName: string; lastName: string; termsVersion: string };
export type ParentSignUp = Common & {
  userType: 'parent';
  purpose: PlanPurpose;
  student: NewStudent;
  payment: { provider: string; reference: string } | null;
};
export type TutorSignUp = Common & { userType: 'tutor'; subjects: string[] };
export type SignUp = ParentSignUp | TutorSignUp;

/** A refusal names the field it is about, so the form can show it in place. */
export type Refusal = { refused: { message: string; field: string } };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL_LENGTH = 254;
// Letters of any script, with the marks, spaces, hyphens and apostrophes names are written with.
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]{0,49}$/u;
const TOKEN = /^[\w-]{8,100}$/;

class Refused extends Error {
  readonly field: string;
  constructor(message: string, field: string) {
    super(message);
    this.field = field;
  }
}

type Body = Record<string, unknown>;

const present = (body: Body, key: string, field: string): unknown => {
  const value = body[key];
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    throw new Refused(MESSAGES.missing, field);
  }
  return value;
};

const text = (body: Body, key: string, field = key): string => {
  const value = present(body, key, field);
  if (typeof value !== 'string') throw new Refused(MESSAGES.invalid, field);
  return value.trim();
};

const object = (body: Body, key: string): Body => {
  const value = present(body, key, key);
  if (typeof value !== 'object' || Array.isArray(value)) throw new Refused(MESSAGES.invalid, key);
  return value as Body;
};

const name = (body: Body, key: string, field: string): string => {
  const value = text(body, key, field);
  if (!NAME.test(value)) throw new Refused(MESSAGES.invalid, field);
  return value;
};

/** Not trimmed: spaces can be part of a passphrase. Over 1 KiB is refused before any hashing. */
const password = (body: Body, key: string, field: string, userInputs: string[]): string => {
  const value = present(body, key, field);
  if (typeof value !== 'string') throw new Refused(MESSAGES.invalid, field);
  const refusal = passwordRefusal(value, userInputs);
  if (refusal === 'too-long') throw new Refused(MESSAGES.invalid, field);
  if (refusal) throw new Refused(MESSAGES.weak, field);
  return value;
};

/** NFKC first: a full-width or otherwise look-alike form is the plain address it stands for. */
const email = (body: Body): string => {
  const value = text(body, 'email').normalize('NFKC');
  if (value.length > MAX_EMAIL_LENGTH || !EMAIL.test(value)) throw new Refused(MESSAGES.invalid, 'email');
  return value;
};

const locale = (body: Body): RegistrationLocale => {
  const value = body.localeCode ?? 'en-gb';
  if (!isOneOf(REGISTRATION_LOCALES, value)) throw new Refused(MESSAGES.invalid, 'localeCode');
  return value;
};

const student = (body: Body, where: RegistrationLocale): NewStudent => {
  const raw = object(body, 'student');
  const yearGroup = present(raw, 'yearGroup', 'student.yearGroup');
  if (typeof yearGroup !== 'number' || !COUNTRY_RULES[where].yearGroups.includes(yearGroup)) {
    throw new Refused(MESSAGES.invalid, 'student.yearGroup');
  }
  const username = normaliseUsername(text(raw, 'username', 'student.username'));
  if (!isValidUsername(username)) throw new Refused(MESSAGES.invalid, 'student.username');
  return {
    firstName: name(raw, 'firstName', 'student.firstName'),
    lastName: name(raw, 'lastName', 'student.lastName'),
    yearGroup,
    username,
    password: password(raw, 'password', 'student.password', [username]),
  };
};

const payment = (body: Body): ParentSignUp['payment'] => {
  if (body.payment === undefined || body.payment === null) return null;
  const raw = object(body, 'payment');
  return { provider: text(raw, 'provider', 'payment'), reference: text(raw, 'reference', 'payment') };
};

const subjects = (body: Body, where: RegistrationLocale): string[] => {
  const value = present(body, 'subjects', 'subjects');
  const allowed = COUNTRY_RULES[where].subjects;
  if (!Array.isArray(value) || value.some((subject) => !allowed.includes(subject as string))) {
    throw new Refused(MESSAGES.invalid, 'subjects');
  }
  if (value.length === 0) throw new Refused(MESSAGES.missing, 'subjects');
  return [...new Set(value as string[])];
};

/**
 * The terms the sign-up's page showed beside its button. Only the current version is taken: a page
 * open since the terms changed showed other words, and the visitor is asked to read them again.
 */
const termsVersion = (body: Body): string => {
  if (text(body, 'termsVersion') !== TERMS_VERSION) throw new Refused(MESSAGES.termsChanged, 'termsVersion');
  return TERMS_VERSION;
};

const read = (body: Body): SignUp => {
  const userType = present(body, 'userType', 'userType');
  if (userType !== 'parent' && userType !== 'tutor') throw new Refused(MESSAGES.invalid, 'userType');
  const where = locale(body);
  const address = email(body);
  const common = {
    email: address,
    password: password(body, 'password', 'password', [address]),
    locale: where,
    firstName: name(body, 'firstName', 'firstName'),
    lastName: name(body, 'lastName', 'lastName'),
    termsVersion: termsVersion(body),
  };
  if (userType === 'tutor') return { ...common, userType, subjects: subjects(body, where) };
  const purpose = present(object(body, 'plan'), 'purpose', 'plan.purpose');
  // A plan of another country's (SATs for a US family) is refused like an unknown one.
  if (!isOneOf(COUNTRY_RULES[where].plans, purpose)) throw new Refused(MESSAGES.invalid, 'plan.purpose');
  return { ...common, userType, purpose, student: student(body, where), payment: payment(body) };
};

/**
 * Reads a sign-up (POST /users/public) into what will be stored, or the first reason to refuse
 * it: a missing field ('Missing params'), a malformed one ('Bad request: illegal arguments') or
 * a weak password ('New password is weak'), each with the field it is about.
 */
export const readSignUp = (body: Body | null): SignUp | Refusal => {
  if (!body) return { refused: { message: MESSAGES.invalid, field: 'body' } };
  try {
    return read(body);
  } catch (error) {
    if (error instanceof Refused) return { refused: { message: error.message, field: error.field } };
    throw error;
  }
};

/** The tutor invitation a sign-up with a code carries. */
export const readAccessCode = (body: Body | null): string | Refusal => {
  const code = body?.access_code;
  if (typeof code !== 'string' || code.trim() === '') return { refused: { message: MESSAGES.missing, field: 'access_code' } };
  if (!TOKEN.test(code.trim())) return { refused: { message: MESSAGES.badCode, field: 'access_code' } };
  return code.trim();
};
