import { DUMMY_HASH_PROMISE, isPasswordTooLong, verifyPassword } from '../accounts/passwords.ts';
import { findUserByIdentifier, type UserRow } from '../accounts/users.ts';
import type { Database } from '../db/database.ts';

export type Credentials = { username: string; password: string };

/** `{username, password}` with both set, or null. */
export const readCredentials = (value: unknown): Credentials | null => {
  const { username, password } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof username !== 'string' || typeof password !== 'string' || !username.trim() || !password) return null;
  return { username: username.trim(), password };
};

/**
 * The student account these credentials open, or null. Unknown names, wrong passwords and accounts
 * that are not students all cost one hash and get the same null: the answer tells no one which
 * accounts exist. Callers refuse passwords over 1 KiB before this.
 */
export const verifyStudent = async (db: Database, { username, password }: Credentials): Promise<UserRow | null> => {
  if (isPasswordTooLong(password)) return null;
  const user = findUserByIdentifier(db, username);
  const matches = await verifyPassword(password, user?.password_hash ?? (await DUMMY_HASH_PROMISE));
  return user && matches && user.base === 'student' ? user : null;
};

export const linkStudent = (db: Database, id_supervisor: number, id_student: number, relation: 'parent' | 'tutor', now = Date.now()) => {
  db.prepare('INSERT INTO student_links (id_supervisor, id_student, relation, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING').run(
    id_supervisor,
    id_student,
    relation,
    now,
  );
};

export const isLinked = (db: Database, id_supervisor: number, id_student: number, relation?: 'parent' | 'tutor'): boolean =>
  db
    .prepare('SELECT 1 FROM student_links WHERE id_supervisor = ?1 AND id_student = ?2 AND (?3 IS NULL OR relation = ?3)')
    .get(id_supervisor, id_student, relation ?? null) !== undefined;

/**
 * Merges one student account into another (POST /students/{source}/pair): the source's parents
 * and tutors follow the target from now on, and the source account is closed. One transaction.
 */
export const mergeStudents = (db: Database, id_student_source: number, id_student: number, now = Date.now()) => {
  db.exec('BEGIN IMMEDIATE');
  try {
    db.prepare(
      `INSERT INTO student_links (id_supervisor, id_student, relation, created_at)
       SELECT id_supervisor, ?, relation, ? FROM student_links WHERE id_student = ? ON CONFLICT DO NOTHING`,
    ).run(id_student, now, id_student_source);
    db.prepare('INSERT INTO student_merges (id_student_source, id_student, merged_at) VALUES (?, ?, ?)').run(id_student_source, id_student, now);
    // Its sessions, codes, links and profile go with it (ON DELETE CASCADE).
    db.prepare('DELETE FROM users WHERE id_user = ?').run(id_student_source);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
};
