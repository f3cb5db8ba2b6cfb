import type { Database } from '../db/database.ts';
import { issueCode } from './one-time-codes.ts';
import { createUser } from './users.ts';

/** Demo accounts for trying the site; created once, in an empty database. */
export const DEMO_ACCOUNTS = [
  { username: 'demo-parent', email: 'parent@example.com', password: 'learning-together-42', base: 'parent' },
  { username: 'demo-tutor', email: 'tutor@example.com', password: 'tutoring-matters-42', base: 'tutor' },
  { username: 'demo-teacher', email: 'teacher@example.com', password: 'quest-for-progress-42', base: 'teacher', staff: 1, id_school_customer: 1001 },
  { username: 'demo-student', email: null, password: 'reading-rocket-42', base: 'student', baseYearGroup: 6 },
] as const;
export const DEMO_APPLICANT = { username: 'demo-applicant', password: 'entrance-exam-42', base: 'applicant', id_school_customer: 1001 } as const;

export type SeedReport = { created: boolean; accessCode: string; reportCode: string };

/** The report the demo report code opens (a parent's letter from the school would carry such a code). */
export const DEMO_REPORT = 'Pupil report for Maya Patel: Year 6 spring assessment, Oakwood School';

export const seedDemo = async (db: Database): Promise<SeedReport> => {
  const empty = Number(db.prepare('SELECT count(*) AS n FROM users').get()?.n) === 0;
  if (empty) {
    for (const account of [...DEMO_ACCOUNTS, DEMO_APPLICANT]) await createUser(db, account);
  }
  // Access codes live 10 minutes, so each start issues a fresh one for the demo applicant.
  const applicant = db.prepare('SELECT id_user FROM users WHERE username = ?').get(DEMO_APPLICANT.username);
  const accessCode = applicant
    ? issueCode(db, { kind: 'access', id_user: Number(applicant.id_user), id_school_customer: DEMO_APPLICANT.id_school_customer })
    : '';
  const student = db.prepare("SELECT id_user FROM users WHERE username = 'demo-student'").get();
  const reportCode = student
    ? issueCode(db, { kind: 'access', id_user: Number(student.id_user), id_school_customer: DEMO_APPLICANT.id_school_customer, report: DEMO_REPORT })
    : '';
  return { created: empty, accessCode, reportCode };
};
