import { hashPassword } from '../accounts/passwords.ts';
import { emailKey, type UserRow } from '../accounts/users.ts';
import type { Database } from '../db/database.ts';
import { TRIAL_DAYS } from '@entry/constants';
import { COUNTRY_RULES } from './countries.ts';
import type { SignUp } from './sign-up-request.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type SignUpResult = { user: UserRow } | { conflict: 'email' | 'username' };

class Conflict extends Error {
  readonly on: 'email' | 'username';
  constructor(on: 'email' | 'username') {
    super(`duplicate ${on}`);
    this.on = on;
  }
}

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { errcode?: unknown }).errcode === 2067;

type Insert = { username: string; email: string | null; hash: string; base: string; localeCode: string; baseYearGroup: number | null };

const insertUser = (db: Database, user: Insert, now: string): UserRow =>
  db
    .prepare(
      `INSERT INTO users (username, email, email_key, password_hash, base, localeCode, baseYearGroup, created)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    )
    .get(user.username, user.email, user.email && emailKey(user.email), user.hash, user.base, user.localeCode, user.baseYearGroup, now) as unknown as UserRow;

/** Inserts a user, turning a UNIQUE failure into the conflict it means for this sign-up. */
const insertOrConflict = (db: Database, user: Insert, now: string, on: Conflict['on']): UserRow => {
  try {
    return insertUser(db, user, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(on);
    throw error;
  }
};

/**
 * Creates the accounts of one sign-up in one transaction: a parent with their child (linked, with
 * a trial plan), or a tutor with the subjects they teach. Uniqueness is the database's to enforce:
 * of two sign-ups racing for one email or username, the second insert fails and nothing of it is
 * kept. Passwords are hashed first, so no await falls inside the transaction.
 */
export const signUp = async (db: Database, request: SignUp, options: { tutorId?: number; now?: number } = {}): Promise<SignUpResult> => {
  const now = options.now ?? Date.now();
  const created = new Date(now).toISOString();
  const [hash, studentHash] = await Promise.all([
    hashPassword(request.password),
    request.userType === 'parent' ? hashPassword(request.student.password) : null,
  ]);
  const rules = COUNTRY_RULES[request.locale];
  // Parents and tutors sign in with their email; it is their username too.
  const account = { username: emailKey(request.email), email: request.email, hash, base: request.userType, localeCode: request.locale, baseYearGroup: null };
  const profile = db.prepare('INSERT INTO user_profiles (id_user, first_name, last_name, country) VALUES (?, ?, ?, ?)');
  const agreed = db.prepare('INSERT INTO terms_agreements (id_user, terms_version, agreed_at) VALUES (?, ?, ?)');

  db.exec('BEGIN IMMEDIATE');
  try {
    const user = insertOrConflict(db, account, created, 'email');
    profile.run(user.id_user, request.firstName, request.lastName, rules.country);
    agreed.run(user.id_user, request.termsVersion, now);
    if (request.userType === 'tutor') {
      const teaches = db.prepare('INSERT INTO tutor_subjects (id_user, subject) VALUES (?, ?)');
      for (const subject of request.subjects) teaches.run(user.id_user, subject);
    } else {
      const { student } = request;
      const child = insertOrConflict(
        db,
        { username: student.username, email: null, hash: studentHash as string, base: 'student', localeCode: request.locale, baseYearGroup: student.yearGroup },
        created,
        'username',
      );
      profile.run(child.id_user, student.firstName, student.lastName, rules.country);
      const link = db.prepare("INSERT INTO student_links (id_supervisor, id_student, relation, created_at) VALUES (?, ?, ?, ?)");
      link.run(user.id_user, child.id_user, 'parent', now);
      if (options.tutorId !== undefined) link.run(options.tutorId, child.id_user, 'tutor', now);
      db.prepare(
        `INSERT INTO subscriptions (id_user, plan_purpose, status, currency, trial_ends_at, payment_provider, payment_reference, created_at)
         VALUES (?, ?, 'trial', ?, ?, ?, ?, ?)`,
      ).run(user.id_user, request.purpose, rules.currency, now + TRIAL_DAYS * DAY_MS, request.payment?.provider ?? null, request.payment?.reference ?? null, now);
    }
    db.exec('COMMIT');
    return { user };
  } catch (error) {
    db.exec('ROLLBACK');
    if (error instanceof Conflict) return { conflict: error.on };
    throw error;
  }
};
