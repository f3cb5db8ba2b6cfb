import type { Database } from '../db/database.ts';
import { hashPassword } from './passwords.ts';

export type UserRow = {
  id_user: number;
  username: string;
  email: string | null;
  password_hash: string;
  base: string;
  staff: number;
  shard: string | null;
  localeCode: string;
  id_school_primary: number | null;
  id_school_customer: number | null;
  id_supervisor: number | null;
  id_student: number | null;
  baseYearGroup: number | null;
  created: string;
  /** From the profile, where sign-up asked for names (tutors, students). */
  first_name?: string | null;
  last_name?: string | null;
};

/** The name an account goes by on screen: its profile's names, else its email, else its username. */
export const displayNameOf = (row: UserRow): string =>
  [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email || row.username;

/** The session user of SPEC section 3: never the hash, never the staff flag. */
export const toPublicUser = (row: UserRow) => ({
  id_user: row.id_user,
  base: row.base,
  shard: row.shard,
  localeCode: row.localeCode,
  id_school_primary: row.id_school_primary,
  id_school_customer: row.id_school_customer,
  id_supervisor: row.id_supervisor,
  id_student: row.id_student,
  created: row.created,
  baseYearGroup: row.baseYearGroup,
  displayName: displayNameOf(row),
});

/**
 * What makes two emails the same address for this site: NFKC (full-width and other compatibility
 * forms become plain ones) and case folding (upper then lower case also folds ß to ss). Unique in
 * the database (users.email_key), so a look-alike copy of a registered email is refused.
 */
export const emailKey = (email: string): string => email.trim().normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');

const asUser = (row: Record<string, unknown> | undefined): UserRow | null => (row ? (row as unknown as UserRow) : null);

/** A user with the names of their profile (registration's user_profiles), if they have one. */
const USER_WITH_NAMES = 'SELECT users.*, p.first_name, p.last_name FROM users LEFT JOIN user_profiles p USING (id_user)';

/** Email or username, without case (an email by its key, see emailKey). */
export const findUserByIdentifier = (db: Database, identifier: string): UserRow | null =>
  asUser(db.prepare(`${USER_WITH_NAMES} WHERE username = ? OR email_key = ?`).get(identifier.trim(), emailKey(identifier)));

export const findUserById = (db: Database, id_user: number): UserRow | null =>
  asUser(db.prepare(`${USER_WITH_NAMES} WHERE id_user = ?`).get(id_user));

export const findUserByEmail = (db: Database, email: string): UserRow | null =>
  asUser(db.prepare(`${USER_WITH_NAMES} WHERE email_key = ?`).get(emailKey(email)));

export type NewUser = Partial<Omit<UserRow, 'id_user' | 'password_hash' | 'created'>> & {
  username: string;
  password: string;
};

export const createUser = async (db: Database, { password, ...user }: NewUser): Promise<UserRow> => {
  const row = db
    .prepare(
      `INSERT INTO users (username, email, email_key, password_hash, base, staff, id_school_customer, baseYearGroup, created)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    )
    .get(
      user.username,
      user.email ?? null,
      user.email ? emailKey(user.email) : null,
      await hashPassword(password),
      user.base ?? 'public',
      user.staff ?? 0,
      user.id_school_customer ?? null,
      user.baseYearGroup ?? null,
      new Date().toISOString(),
    );
  return row as unknown as UserRow;
};

export const setPassword = async (db: Database, id_user: number, password: string): Promise<void> => {
  db.prepare('UPDATE users SET password_hash = ? WHERE id_user = ?').run(await hashPassword(password), id_user);
};
