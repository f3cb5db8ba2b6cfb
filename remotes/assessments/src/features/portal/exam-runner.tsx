import { isAnswered, QuestionCard, QuestionNav, Timer, useStoredState } from '@entry/exam-kit';
import type { AnswerValue, ExamQuestion } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { Button, Flex, Text } from '@entry/ui';
import { FLAGGED_FORMAT, POSITION_FORMAT } from './exam-runner-state.ts';

type Props = {
  id_exam_session: number;
  questions: ExamQuestion[];
  answers: Record<number, AnswerValue>;
  onAnswer: (id_question: number, value: AnswerValue) => void;
  seconds: number;
  /** Time is up: the answers stay on screen, read-only. */
  locked: boolean;
};

/**
 * The assessment while it runs: the clock, question navigation with flags, one question at a time.
 * Where the applicant is and what they flagged is kept on this computer, so a reload lands on the
 * same question. There is no submit: the invigilator ends the sitting, and every answer is already
 * saved as it is given.
 */
export const ExamRunner = ({ id_exam_session, questions, answers, onAnswer, seconds, locked }: Props) => {
  const { t } = useTranslation('assessments');
  const [storedPosition, setStoredPosition] = useStoredState(`assessment:${id_exam_session}:position`, 0, POSITION_FORMAT);
  const [flagged, setFlagged] = useStoredState<number[]>(`assessment:${id_exam_session}:flagged`, [], FLAGGED_FORMAT);
  const setPosition = (next: number) => setStoredPosition(() => next);
  const position = Math.min(Math.max(0, storedPosition), questions.length - 1);
  const question = questions[position] as ExamQuestion;
  const isFlagged = flagged.includes(question.id_question);
  const last = position === questions.length - 1;

  const toggleFlag = () =>
    setFlagged((current) =>
      current.includes(question.id_question) ? current.filter((id) => id !== question.id_question) : [...current, question.id_question],
    );

  return (
    <Flex direction="column" gap="4" className="exam-runner">
      <Flex align="center" className="exam-toolbar">
        <Timer seconds={seconds} />
      </Flex>
      <QuestionNav
        items={questions.map((item) => ({
          id_question: item.id_question,
          answered: isAnswered(answers[item.id_question]),
          flagged: flagged.includes(item.id_question),
        }))}
        position={position}
        onGo={setPosition}
      />
      <QuestionCard
        question={question}
        position={position}
        total={questions.length}
        value={answers[question.id_question]}
        onChange={(value) => onAnswer(question.id_question, value)}
        flagged={isFlagged}
        onToggleFlag={toggleFlag}
        disabled={locked}
      />
      <Flex justify="between" gap="3">
        <Button size="3" variant="soft" disabled={position === 0} onClick={() => setPosition(position - 1)}>
          {t('runner.previous')}
        </Button>
        {!last && (
          <Button size="3" onClick={() => setPosition(position + 1)}>
            {t('runner.next')}
          </Button>
        )}
      </Flex>
      {last && (
        <Text as="p" color="gray">
          {t('runner.lastQuestion')}
        </Text>
      )}
    </Flex>
  );
};
