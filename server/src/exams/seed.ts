import type { Database } from '../db/database.ts';
import { findExamBySlug } from './content-queries.ts';
import { SEED_EXAMS, SEED_SCHOOLS } from './content.ts';
import { findOrCreateSession } from './exam-sessions.ts';

/** The demo applicant (accounts seed) sits this exam; the demo teacher invigilates it. */
export const DEMO_EXAM_SLUG = 'oakwood-entrance-2027';
const DEMO_APPLICANT_USERNAME = 'demo-applicant';

export type ExamSeedReport = { demoSession: number | null };

/**
 * The exam content itself arrives with the migrations (reference content, in every database); the
 * demo adds the demo applicant's sitting, waiting for the invigilator, so it can be started at once.
 */
export const seedExams = (db: Database): ExamSeedReport => {
  const applicant = db.prepare('SELECT id_user FROM users WHERE username = ?').get(DEMO_APPLICANT_USERNAME);
  const exam = findExamBySlug(db, DEMO_EXAM_SLUG);
  if (!applicant || !exam) return { demoSession: null };
  return { demoSession: findOrCreateSession(db, exam.id_exam, Number(applicant.id_user)).id_exam_session };
};

/** What `npm start` prints about exams; the access code is the one the accounts seed issued. */
export const examSeedLines = ({ demoSession }: ExamSeedReport, accessCode: string): string[] => {
  const schools = SEED_SCHOOLS.map((school) => {
    const exam = SEED_EXAMS.find((candidate) => candidate.id_school_customer === school.id_school_customer);
    return `  ${school.name} (school ${school.id_school_customer}, ${school.brand}): taster /public/taster/${school.taster_slug}, assessment /public/${exam?.school_exam_slug}`;
  });
  return [
    'Exams:',
    ...schools,
    `  applicant sits /public/assessments/${DEMO_EXAM_SLUG}/${accessCode}`,
    demoSession === null
      ? '  (no demo applicant: no exam session to invigilate)'
      : `  invigilate as demo-teacher: POST /ms_exams/sessions/${demoSession}/status {"status":"started"} (then paused, sen_paused, stopped, archived)`,
  ];
};
