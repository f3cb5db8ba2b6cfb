import type { Database } from '../db/database.ts';

/**
 * A student's username: 3 to 30 of a-z, 0-9, dot, underscore and hyphen, starting with a letter or
 * digit. Never an "@": parents and tutors sign in with their email, and a username check must not
 * become a way to ask whether an email is registered.
 */
const USERNAME = /^[a-z0-9][a-z0-9._-]{2,29}$/;
const MAX_LENGTH = 30;

export const normaliseUsername = (username: string): string => username.trim().toLowerCase();
export const isValidUsername = (username: string): boolean => USERNAME.test(username);

/** A name as username material: accents dropped, letters and digits only, lower case. */
export const slug = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const fit = (username: string) => username.slice(0, MAX_LENGTH);

/**
 * Usernames made from a child's names, plainest first, then numbered ones. `random` picks the
 * numbers, so a test can pin them.
 */
export const candidateUsernames = (firstName: string, lastName: string, random: () => number = Math.random): string[] => {
  const first = slug(firstName).slice(0, 14);
  const last = slug(lastName).slice(0, 14);
  const stem = first && last ? `${first}${last}` : first || last || 'student';
  const plain = first && last ? [`${first}${last}`, `${first}.${last}`, `${first}_${last}`, `${first[0]}${last}`, `${first}${last[0]}`, `${last}${first}`] : [stem];
  const numbered = Array.from({ length: 12 }, (_, index) => `${stem}${Math.floor(random() * 10 ** (2 + (index >> 2)))}`);
  return [...new Set([...plain, ...numbered].map(fit))].filter(isValidUsername);
};

export const isUsernameTaken = (db: Database, username: string): boolean =>
  db.prepare('SELECT 1 FROM users WHERE username = ?').get(normaliseUsername(username)) !== undefined;

/** Up to `count` free usernames for a child's names (GET /usernames/suggestions). */
export const suggestUsernames = (db: Database, firstName: string, lastName: string, count = 5, random?: () => number): string[] => {
  const candidates = candidateUsernames(firstName, lastName, random);
  const placeholders = candidates.map(() => '?').join(', ');
  const taken = new Set(
    db
      .prepare(`SELECT lower(username) AS username FROM users WHERE username IN (${placeholders})`)
      .all(...candidates)
      .map((row) => String(row.username)),
  );
  return candidates.filter((candidate) => !taken.has(candidate)).slice(0, count);
};
