import { useDurationLabel } from '@entry/exam-kit';
import type { ExamInfo, ExamSitting } from '@entry/api';
import type { ExamSessionStatus } from '@entry/constants';
import { useTranslation } from '@entry/i18n';
import { Button, Callout, Flex, Spinner, Text } from '@entry/ui';
import { useEffect } from 'react';
import { mergeAnswers } from '../answer-queue/merge-answers.ts';
import { useAnswerQueue } from '../answer-queue/use-answer-queue.ts';
import { ConnectionBanner } from './connection-banner.tsx';
import { ExamRunner } from './exam-runner.tsx';
import { useLiveSession } from './use-live-session.ts';
import { useOnline } from './use-online.ts';

type Props = {
  exam: ExamInfo;
  sitting: ExamSitting;
  sittingAt: number;
  /** Reads the sitting again (its questions arrive once the invigilator starts). */
  reload: () => void;
  reloadFailed: boolean;
};

/** What the applicant is told, by status; announced politely as the invigilator moves the session. */
const useStatusMessage = (status: ExamSessionStatus, timeUp: boolean, pending: number) => {
  const { t } = useTranslation('assessments');
  if (status === 'started') return timeUp ? t('status.timeUp') : t('status.started');
  if (status === 'stopped' && pending > 0) return t('status.stoppedPending', { count: pending });
  return t(`status.${status}`);
};

/** The signed-in applicant's sitting: its status as it changes, the questions while it runs, the answers' journey. */
export const LiveSession = ({ exam, sitting, sittingAt, reload, reloadFailed }: Props) => {
  const { t } = useTranslation('assessments');
  const durationLabel = useDurationLabel();
  const id = sitting.session.id_exam_session;
  const { state, seconds } = useLiveSession(sitting, sittingAt);
  const { give, local, snapshot, recovering } = useAnswerQueue(id);
  const online = useOnline();
  const running = state.status === 'started';
  const timeUp = running && seconds === 0;
  const message = useStatusMessage(state.status, timeUp, snapshot.pending);
  const needsQuestions = running && sitting.questions === null;

  useEffect(() => {
    if (needsQuestions) reload();
  }, [needsQuestions, reload]);

  return (
    <Flex direction="column" gap="2">
      <ConnectionBanner online={online} snapshot={snapshot} recovering={recovering} />
      <div role="status" className="session-status" data-status={state.status}>
        <Callout.Root color={running && !timeUp ? 'gray' : 'indigo'} variant={running && !timeUp ? 'surface' : 'soft'} mb="3">
          <Callout.Text size={running ? '2' : '3'}>{message}</Callout.Text>
        </Callout.Root>
      </div>
      {state.status === 'waiting_to_start' && (
        <Text as="p" mb="3">
          {t('status.paper', {
            questions: t('status.questionCount', { count: exam.paper.question_count }),
            time: durationLabel(exam.paper.time_limit_seconds),
          })}
        </Text>
      )}
      {running && sitting.questions && (
        <ExamRunner
          id_exam_session={id}
          questions={sitting.questions}
          answers={mergeAnswers(sitting.answers, local)}
          onAnswer={give}
          seconds={seconds}
          locked={timeUp}
        />
      )}
      {needsQuestions &&
        (reloadFailed ? (
          <Flex direction="column" gap="3" align="start">
            <Callout.Root color="red" role="alert">
              <Callout.Text>{t('load.failed')}</Callout.Text>
            </Callout.Root>
            <Button variant="soft" onClick={reload}>
              {t('load.retry')}
            </Button>
          </Flex>
        ) : (
          <Flex align="center" gap="2">
            <Spinner />
            <Text>{t('load.loading')}</Text>
          </Flex>
        ))}
    </Flex>
  );
};
