import { Hono, type Context } from 'hono';
import { BASE_PATH, safeRedirect } from '@entry/routes';
import { endSession, readSession } from '../accounts/sessions.ts';
import { displayNameOf, findUserById } from '../accounts/users.ts';
import type { Database } from '../db/database.ts';
import { findSchool } from '../exams/content-queries.ts';
import { standInPage, type SignedInVisitor, type StandInPage } from './page.ts';

/** How each kind of account (SPEC section 3, user types) is named on the page. */
const ROLE_NAMES: Record<string, string> = {
  admin: 'Administrator',
  applicant: 'Applicant',
  'internal-tools': 'Staff (internal tools)',
  invigilator: 'Invigilator',
  parent: 'Parent',
  public: 'Visitor',
  school: 'School pupil',
  student: 'Student',
  teacher: 'Teacher',
  tutor: 'Tutor',
};

const LOGIN = `${BASE_PATH}/login`;

/** The parent registration's further steps (SPEC section 2, "other paths"), which live in the platform. */
const REGISTRATION_PAGES = {
  selectStudent: {
    title: 'Choose your child’s account',
    heading: 'Choose your child’s account',
    lead: 'Here the platform lets a parent whose child already has an account find and link it. This page stands in for it.',
  },
  studentRegistration: {
    title: 'Student registration',
    heading: 'Your child signs up',
    lead: 'Here the platform lets a student create their own account, step by step, to link to a parent later. This page stands in for it.',
  },
} as const;

/**
 * The reference server's stand-in for the platform's signed-in apps, which live outside /public:
 * `/`, where every sign-in ends (SPEC section 4), and the pages the parent registration links to.
 * Each says who is signed in and offers Log out; none is a remote.
 */
export const signedInRoutes = ({ db }: { db: Database }) => {
  const routes = new Hono();

  const visitorOf = (c: Context): SignedInVisitor | null => {
    const session = readSession(c, db);
    const user = session.state === 'active' ? findUserById(db, session.id_user) : null;
    if (session.state !== 'active' || !user) return null;
    const school = user.id_school_customer === null ? null : findSchool(db, user.id_school_customer)?.name ?? null;
    return {
      id_user: user.id_user,
      displayName: displayNameOf(user),
      role: ROLE_NAMES[user.base] ?? user.base,
      school,
      report: session.report,
    };
  };

  const render = (c: Context, page: StandInPage) => {
    c.header('Cache-Control', 'no-store');
    // The page can name the report a code opened: no address of it goes anywhere else.
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(standInPage(page, c.get('cspNonce')));
  };

  routes.get('/', (c) => {
    const visitor = visitorOf(c);
    if (!visitor) {
      // An ended session's cookie goes with it, so the login page starts clean.
      if (readSession(c, db).state === 'ended') endSession(c, db);
      return c.redirect(LOGIN);
    }
    return render(c, {
      title: 'Signed in',
      heading: `Welcome, ${visitor.displayName}`,
      lead: 'You are signed in. This page stands in for the platform’s signed-in apps, which live outside /public.',
      visitor,
      next: safeRedirect(c.req.query('redirect'), c.get('site').publicOrigin),
      links: [],
    });
  });

  const registrationPage = (page: (typeof REGISTRATION_PAGES)[keyof typeof REGISTRATION_PAGES]) => (c: Context) => {
    const visitor = visitorOf(c);
    return render(c, {
      ...page,
      visitor,
      next: null,
      links: visitor
        ? [{ href: '/', label: 'Go to your account' }]
        : [
            { href: `${BASE_PATH}/register/parent`, label: 'Back to sign-up' },
            { href: LOGIN, label: 'Log in' },
          ],
    });
  };

  routes.get('/signup-select-student', registrationPage(REGISTRATION_PAGES.selectStudent));
  routes.get('/student_registration/:step?', registrationPage(REGISTRATION_PAGES.studentRegistration));
  return routes;
};
