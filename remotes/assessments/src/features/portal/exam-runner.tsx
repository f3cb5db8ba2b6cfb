import { QuestionField, QuestionNav, Timer } from '@entry/exam-kit';
import { useEffect, useRef } from 'react';
import type { AnswerValue, ExamQuestion } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { Button, Card, Flex, Heading, Text } from '@entry/ui';
import { useStoredState } from './use-stored-state.ts';

type Props = {
  id_exam_session: number;
  questions: ExamQuestion[];
  answers: Record<number, AnswerValue>;
  onAnswer: (id_question: number, value: AnswerValue) => void;
  seconds: number;
  /** Time is up: the answers stay on screen, read-only. */
  locked: boolean;
};

const isAnswered = (value: AnswerValue | undefined) =>
  value !== undefined && !(Array.isArray(value) && value.length === 0) && !(typeof value === 'string' && value.trim() === '');

/**
 * The assessment while it runs: the clock, question navigation with flags, one question at a time.
 * Where the applicant is and what they flagged is kept on this computer, so a reload lands on the
 * same question. There is no submit: the invigilator ends the sitting, and every answer is already
 * saved as it is given.
 */
export const ExamRunner = ({ id_exam_session, questions, answers, onAnswer, seconds, locked }: Props) => {
  const { t } = useTranslation('assessments');
  const [storedPosition, setPosition] = useStoredState(`assessment:${id_exam_session}:position`, 0);
  const [flagged, setFlagged] = useStoredState<number[]>(`assessment:${id_exam_session}:flagged`, []);
  const position = Math.min(Math.max(0, storedPosition), questions.length - 1);
  const question = questions[position] as ExamQuestion;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const isFlagged = flagged.includes(question.id_question);
  const answered = questions.filter((item) => isAnswered(answers[item.id_question])).length;
  const last = position === questions.length - 1;

  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = false;
  }, [position]);

  const go = (next: number) => {
    moved.current = true;
    setPosition(next);
  };

  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="center" gap="4" wrap="wrap">
        <Timer seconds={seconds} />
        <Text size="2" color="gray">
          {t('runner.answeredCount', { answered, total: questions.length })}
        </Text>
      </Flex>
      <QuestionNav
        items={questions.map((item) => ({
          id_question: item.id_question,
          answered: isAnswered(answers[item.id_question]),
          flagged: flagged.includes(item.id_question),
        }))}
        position={position}
        onGo={go}
      />
      <Card size="3" asChild>
        <section aria-labelledby={`question-heading-${question.id_question}`}>
          <Flex direction="column" gap="4">
            <Flex justify="between" align="center" gap="3" wrap="wrap">
              <Heading as="h2" size="4" id={`question-heading-${question.id_question}`} ref={headingRef} tabIndex={-1}>
                {t('runner.questionOf', { number: position + 1, total: questions.length })}
              </Heading>
              <Button
                variant={isFlagged ? 'outline' : 'soft'}
                color={isFlagged ? 'red' : 'gray'}
                aria-pressed={isFlagged}
                onClick={() =>
                  setFlagged((current) =>
                    current.includes(question.id_question) ? current.filter((id) => id !== question.id_question) : [...current, question.id_question],
                  )
                }
              >
                <span aria-hidden="true">⚑</span> {t('runner.flag')}
              </Button>
            </Flex>
            <QuestionField
              key={question.id_question}
              question={question}
              value={answers[question.id_question]}
              disabled={locked}
              onChange={(value) => onAnswer(question.id_question, value)}
            />
          </Flex>
        </section>
      </Card>
      <Flex justify="between" gap="3">
        <Button variant="soft" disabled={position === 0} onClick={() => go(position - 1)}>
          {t('runner.previous')}
        </Button>
        {!last && <Button onClick={() => go(position + 1)}>{t('runner.next')}</Button>}
      </Flex>
      {last && (
        <Text as="p" color="gray">
          {t('runner.lastQuestion')}
        </Text>
      )}
    </Flex>
  );
};
