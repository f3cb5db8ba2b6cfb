import type { Difficulty, ExamSessionStatus, QuestionType, ScoringMethod, SessionType } from '@entry/constants';
import { http } from '../http-client.ts';
import { SERVICES } from '../services.ts';
import { requireParams } from './require.ts';

const exams = SERVICES.exams;
const slug = (value: string) => encodeURIComponent(value);

export type ExamSchool = { id_school_customer: number; name: string; brand: 'atom' | 'quest'; taster_slug: string };
export type ExamGroup = { id_exam_group: number; name: string; description: string; test_count: number };

/** A familiarisation test as listed: what it covers and how long it takes. */
export type TasterTestSummary = {
  id_exam_config: number;
  id_exam_group: number;
  title: string;
  subject: string;
  difficulty: Difficulty;
  time_limit_seconds: number;
  scoring_method: ScoringMethod;
  question_count: number;
};

export type ChoiceOption = { id: string; label: string };
type QuestionOf<T extends QuestionType, Body> = { id_question: number; position: number; type: T; prompt: string } & Body;

/** A question as the page sees it: never its answer. */
export type ExamQuestion =
  | QuestionOf<'choice' | 'multi_choice', { options: ChoiceOption[] }>
  | QuestionOf<'range', { min: number; max: number; step: number; unit: string }>
  | QuestionOf<'freetext' | 'freetext_mid' | 'freetext_long', { max_length: number }>;

/** choice: an option id; multi_choice: option ids; range: a number; the free texts: text. */
export type AnswerValue = string | number | string[];

export type AssessmentLink = { school_exam_slug: string; exam_slug: string; title: string; session_type: SessionType };
export type TasterLanding = { school: ExamSchool; groups: ExamGroup[]; assessments: AssessmentLink[] };
export type TasterGroupPage = { school: ExamSchool; group: ExamGroup; tests: TasterTestSummary[] };
export type TasterTest = { school: ExamSchool; group: ExamGroup; test: TasterTestSummary; questions: ExamQuestion[] };

/**
 * explanation (why the right answer is right) is an extension of the reference server, not in the
 * spec: the result page works without it.
 */
export type QuestionMark = { id_question: number; correct: boolean | null; expected: string; explanation?: string };
/** PERCENTAGE scoring: right answers over the automatically marked questions (long answers are not). */
export type TasterScore = { correct: number; marked: number; total: number; percentage: number; questions: QuestionMark[] };

/** GET /tasters/{school_exam_slug}: a school's taster page. */
export const getTasterLanding = async (school_exam_slug: string): Promise<TasterLanding> => {
  requireParams({ school_exam_slug });
  return http.get(`${exams}/tasters/${slug(school_exam_slug)}`).json<TasterLanding>();
};

/** GET /tasters/{school_exam_slug}/groups/{id_exam_group}: the tests of one group. */
export const getTasterGroup = async (school_exam_slug: string, id_exam_group: number): Promise<TasterGroupPage> => {
  requireParams({ school_exam_slug, id_exam_group });
  return http.get(`${exams}/tasters/${slug(school_exam_slug)}/groups/${id_exam_group}`).json<TasterGroupPage>();
};

/** GET /tasters/{school_exam_slug}/tests/{id_exam_config}: a test and its questions. */
export const getTasterTest = async (school_exam_slug: string, id_exam_config: number): Promise<TasterTest> => {
  requireParams({ school_exam_slug, id_exam_config });
  return http.get(`${exams}/tasters/${slug(school_exam_slug)}/tests/${id_exam_config}`).json<TasterTest>();
};

/** POST .../score: the answers of a submitted test, by question id; the server marks them. */
export const scoreTasterTest = async (
  school_exam_slug: string,
  id_exam_config: number,
  answers: Record<number, AnswerValue>,
): Promise<TasterScore> => {
  requireParams({ school_exam_slug, id_exam_config });
  return http
    .post(`${exams}/tasters/${slug(school_exam_slug)}/tests/${id_exam_config}/score`, { json: { answers } })
    .json<TasterScore>();
};

/** An invigilated assessment as its landing page and its portal describe it. */
export type ExamInfo = {
  exam_slug: string;
  school_exam_slug: string;
  title: string;
  summary: string;
  session_type: Exclude<SessionType, 'mock_session'>;
  school: ExamSchool;
  paper: { subject: string; question_count: number; time_limit_seconds: number };
};

/** GET /school-exams/{school_exam_slug}: the school assessment landing page's content. */
export const getSchoolExam = async (school_exam_slug: string): Promise<ExamInfo> => {
  requireParams({ school_exam_slug });
  return http.get(`${exams}/school-exams/${slug(school_exam_slug)}`).json<ExamInfo>();
};

/** GET /exams/{exam_slug}: the assessment the portal is for. */
export const getExam = async (exam_slug: string): Promise<ExamInfo> => {
  requireParams({ exam_slug });
  return http.get(`${exams}/exams/${slug(exam_slug)}`).json<ExamInfo>();
};

export type ExamSessionState = {
  id_exam_session: number;
  status: ExamSessionStatus;
  /** Seconds left on the clock when the server answered; the clock runs only while started. */
  remaining_seconds: number;
  time_limit_seconds: number;
  version: number;
};

export type SavedAnswer = { id_question: number; value: AnswerValue; answered_at: number };

/** The applicant's sitting; questions and answers come once the invigilator has started it. */
export type ExamSitting = { session: ExamSessionState; questions: ExamQuestion[] | null; answers: SavedAnswer[] };

/** GET /exams/{exam_slug}/session: the signed-in applicant's sitting (401 signed out, 403 not theirs). */
export const getExamSitting = async (exam_slug: string): Promise<ExamSitting> => {
  requireParams({ exam_slug });
  return http.get(`${exams}/exams/${slug(exam_slug)}/session`).json<ExamSitting>();
};

/** GET /sessions/{id}: the session's state, for polling; a poll is repeated anyway, so never retried. */
export const getExamSessionState = async (id_exam_session: number): Promise<ExamSessionState> => {
  requireParams({ id_exam_session });
  return http.get(`${exams}/sessions/${id_exam_session}`, { retry: 0 }).json<ExamSessionState>();
};

/** Where the session's state is pushed as server-sent events (`state` events); for an EventSource. */
export const examSessionEventsUrl = (id_exam_session: number): string => `${exams}/sessions/${id_exam_session}/events`;

/** One answer as given; its id is made by the page, so sending it twice stores it once. */
export type ExamAnswer = { id_answer: string; id_question: number; value: AnswerValue; answered_at: number };

/** POST /sessions/{id}/answers: `stored` is false when the server already had this answer. */
export const saveExamAnswer = async (id_exam_session: number, answer: ExamAnswer): Promise<{ stored: boolean }> => {
  requireParams({ id_exam_session, id_answer: answer.id_answer });
  return http.post(`${exams}/sessions/${id_exam_session}/answers`, { json: answer }).json<{ stored: boolean }>();
};

/** POST /sessions/{id}/status: an invigilator of the school moves the session (409 if not allowed from here). */
export const setExamSessionStatus = async (id_exam_session: number, status: ExamSessionStatus): Promise<ExamSessionState> => {
  requireParams({ id_exam_session, status });
  return http.post(`${exams}/sessions/${id_exam_session}/status`, { json: { status } }).json<ExamSessionState>();
};

export type ExamSessionSummary = { id_exam_session: number; id_user: number; username: string; status: ExamSessionStatus; answered: number };

/** GET /exams/{exam_slug}/sessions: every sitting of an assessment, for its invigilators. */
export const listExamSessions = async (exam_slug: string): Promise<ExamSessionSummary[]> => {
  requireParams({ exam_slug });
  return (await http.get(`${exams}/exams/${slug(exam_slug)}/sessions`).json<{ sessions: ExamSessionSummary[] }>()).sessions;
};
