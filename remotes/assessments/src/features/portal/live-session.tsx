import { useDurationLabel } from '@entry/exam-kit';
import type { ExamInfo, ExamSitting } from '@entry/api';
import type { ExamSessionStatus } from '@entry/constants';
import { useTranslation } from '@entry/i18n';
import { Button, Flex, Spinner, StatusMessage, StatusText, Text, useExamMode, type StatusTone } from '@entry/ui';
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

const UNDER_WAY: ReadonlySet<ExamSessionStatus> = new Set(['waiting_to_start', 'started', 'paused', 'sen_paused']);

/** What the applicant is told, by status, and in what tone; announced politely as the invigilator moves the session. */
const useStatusMessage = (status: ExamSessionStatus, timeUp: boolean, pending: number): { text: string; tone: StatusTone } => {
  const { t } = useTranslation('assessments');
  if (status === 'started') return { text: timeUp ? t('status.timeUp') : t('status.started'), tone: 'info' };
  if (status === 'stopped') {
    return pending > 0 ? { text: t('status.stoppedPending', { count: pending }), tone: 'warning' } : { text: t('status.stopped'), tone: 'success' };
  }
  return { text: t(`status.${status}`), tone: status === 'not_active' ? 'warning' : 'info' };
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
  // From waiting for the start to the end, the applicant stays on this page: the frame offers no way off it.
  useExamMode(UNDER_WAY.has(state.status));

  useEffect(() => {
    if (needsQuestions) reload();
  }, [needsQuestions, reload]);

  return (
    <Flex direction="column" gap="2">
      <ConnectionBanner online={online} snapshot={snapshot} recovering={recovering} savedToldElsewhere={state.status === 'stopped'} />
      <div role="status" className="session-status" data-status={state.status}>
        {/* Under way, "started" is said once to screen readers; on screen the test itself says it. */}
        {running && !timeUp ? (
          <p className="visually-hidden">{message.text}</p>
        ) : (
          <StatusMessage tone={message.tone} mb="3">
            <StatusText size="3">{message.text}</StatusText>
          </StatusMessage>
        )}
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
            <StatusMessage tone="error" role="alert">
              <StatusText>{t('load.failed')}</StatusText>
            </StatusMessage>
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
