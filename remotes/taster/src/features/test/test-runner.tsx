import { isAnswered, QuestionCard, QuestionNav, Timer, useCountdown } from '@entry/exam-kit';
import { useEffect, type Dispatch } from 'react';
import type { ExamQuestion } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { alertDialog, Button, Flex, useExamMode } from '@entry/ui';
import { answeredCount, type ProgressAction, type TasterProgress } from './progress.ts';

type Props = { questions: ExamQuestion[]; state: TasterProgress; dispatch: Dispatch<ProgressAction> };

/**
 * The test in progress: the clock, the questions with their navigation and flags, and the way out.
 * While it runs the frame around it offers nothing else to press (exam mode).
 */
export const TestRunner = ({ questions, state, dispatch }: Props) => {
  const { t } = useTranslation('taster');
  useExamMode(true);
  const remaining = useCountdown(state.deadline);
  const position = Math.min(state.position, questions.length - 1);
  const question = questions[position] as ExamQuestion;
  const ids = questions.map((item) => item.id_question);
  const answered = answeredCount(state, ids);
  const flagged = state.flagged.includes(question.id_question);

  useEffect(() => {
    if (remaining === 0) dispatch({ type: 'finish', timedOut: true });
  }, [remaining, dispatch]);

  const go = (next: number) => dispatch({ type: 'goTo', position: next });

  const confirmFinish = () => {
    const flaggedCount = state.flagged.filter((id) => ids.includes(id)).length;
    alertDialog({
      title: t('runner.confirmTitle'),
      description: [
        t('runner.confirmBody', { answered, total: questions.length }),
        flaggedCount > 0 ? t('runner.confirmFlagged', { count: flaggedCount }) : '',
        t('runner.confirmFinal'),
      ]
        .filter(Boolean)
        .join(' '),
      actionLabel: t('runner.confirmAction'),
      cancelLabel: t('runner.confirmCancel'),
      onAction: () => dispatch({ type: 'finish', timedOut: false }),
    });
  };

  return (
    <Flex direction="column" gap="4" className="exam-runner">
      <Flex justify="between" align="center" gap="3" className="exam-toolbar">
        {remaining !== null && <Timer seconds={remaining} />}
        <Button variant="outline" onClick={confirmFinish}>
          {t('runner.finish')}
        </Button>
      </Flex>
      <QuestionNav
        items={questions.map((item) => ({
          id_question: item.id_question,
          answered: isAnswered(state.answers[item.id_question]),
          flagged: state.flagged.includes(item.id_question),
        }))}
        position={position}
        onGo={go}
      />
      <QuestionCard
        question={question}
        position={position}
        total={questions.length}
        value={state.answers[question.id_question]}
        onChange={(value) => dispatch({ type: 'answer', id_question: question.id_question, value })}
        flagged={flagged}
        onToggleFlag={() => dispatch({ type: 'toggleFlag', id_question: question.id_question })}
      />
      <Flex justify="between" gap="3">
        <Button size="3" variant="soft" disabled={position === 0} onClick={() => go(position - 1)}>
          {t('runner.previous')}
        </Button>
        {position < questions.length - 1 ? (
          <Button size="3" onClick={() => go(position + 1)}>
            {t('runner.next')}
          </Button>
        ) : (
          <Button size="3" onClick={confirmFinish}>
            {t('runner.finish')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
};
