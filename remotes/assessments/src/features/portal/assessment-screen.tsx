import { LoadState } from '@entry/exam-kit';
import { useCallback, useState } from 'react';
import { ApiError, getExam, getExamSitting, type ExamInfo } from '@entry/api';
import { useAuthStore } from '@entry/auth';
import { useTranslation } from '@entry/i18n';
import { QueryProvider, queryOptions, useQuery, useQueryClient } from '@entry/query';
import { useAddressSecrets, useParams } from '@entry/routes';
import { PageHeader } from '@entry/ui';
import { CodeSignIn } from './code-sign-in.tsx';
import { LiveSession } from './live-session.tsx';

/** The assessment itself (not the sitting): the screen reads it, and the server fetches it before it renders. */
export const examQuery = (exam_slug: string) => queryOptions({ queryKey: ['exam', exam_slug], queryFn: () => getExam(exam_slug) });

/** Signed in, but not as an applicant of this exam: the code signs in the right one. */
const notTheirs = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * The applicant's way in. A code in the address names the applicant, so it signs in first, whoever
 * this browser was signed in as before (exam-room computers are shared); it left the address at
 * once and is forgotten once used. Without one: the sitting of whoever is signed in, if it is
 * theirs, else the code form.
 */
const ExamGate = ({ exam, accessCode, onCodeUsed }: { exam: ExamInfo; accessCode: string | undefined; onCodeUsed: () => void }) => {
  const { t } = useTranslation('assessments');
  const queryClient = useQueryClient();
  const [codeFirst, setCodeFirst] = useState(Boolean(accessCode));
  // A sitting belongs to a session: without one there is nothing to ask for (a 401 would log out).
  const auth = useAuthStore((state) => state.status);
  const queryKey = ['exam-sitting', exam.exam_slug];
  const sitting = useQuery({
    queryKey,
    queryFn: () => getExamSitting(exam.exam_slug),
    enabled: !codeFirst && auth === 'authenticated',
    // Every visit reads the sitting afresh; it changes under the page.
    staleTime: 0,
  });
  const { refetch } = sitting;
  const reload = useCallback(() => void refetch(), [refetch]);

  const signedIn = () => {
    // Nothing of an earlier applicant's sitting may show, even for a moment.
    queryClient.removeQueries({ queryKey });
    if (accessCode) onCodeUsed();
    if (codeFirst) setCodeFirst(false);
    else reload();
  };

  if (codeFirst || auth === 'anonymous') return <CodeSignIn exam={exam} accessCode={accessCode} notYours={false} onSignedIn={signedIn} />;
  if (sitting.data) {
    return <LiveSession exam={exam} sitting={sitting.data} sittingAt={sitting.dataUpdatedAt} reload={reload} reloadFailed={sitting.isRefetchError} />;
  }
  if (notTheirs(sitting.error)) return <CodeSignIn exam={exam} accessCode={undefined} notYours onSignedIn={signedIn} />;
  return <LoadState error={sitting.error} notFound={t('assessments.notFound')} onRetry={reload} />;
};

const Portal = () => {
  const { t } = useTranslation('assessments');
  const { exam_slug = '' } = useParams();
  // The code leaves the address bar before any third-party script may read it.
  const { secrets, pending, forget } = useAddressSecrets();
  const exam = useQuery(examQuery(exam_slug));
  const header = (lead?: string) => (
    <PageHeader title={t('assessments.title')} heading={t('assessments.heading')}>
      {lead}
    </PageHeader>
  );
  if (!exam.data || pending) {
    return (
      <>
        {header()}
        <LoadState error={exam.error} onRetry={() => void exam.refetch()} />
      </>
    );
  }
  return (
    <>
      {header(t('assessments.lead', { exam: exam.data.title, school: exam.data.school.name }))}
      <ExamGate exam={exam.data} accessCode={secrets.access_code} onCodeUsed={forget} />
    </>
  );
};

/** `/assessments/:exam_slug/:access_code?`: the invigilated assessment, from access code to the end. */
export const AssessmentScreen = () => (
  <QueryProvider>
    <Portal />
  </QueryProvider>
);
