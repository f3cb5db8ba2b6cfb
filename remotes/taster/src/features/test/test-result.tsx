import { isAnswered } from '@entry/exam-kit';
import { useEffect, useRef, useState, type Dispatch } from 'react';
import { scoreTasterTest, type AnswerValue, type ExamQuestion, type QuestionMark } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { getHref, Link as RouterLink } from '@entry/routes';
import { Button, Card, Flex, Heading, Spinner, StatusMessage, StatusText, Text } from '@entry/ui';
import type { ProgressAction, TasterProgress } from './progress.ts';

type Props = {
  school_exam_slug: string;
  id_exam_config: number;
  id_exam_group: number;
  questions: ExamQuestion[];
  state: TasterProgress;
  dispatch: Dispatch<ProgressAction>;
};

/** An answer in words: option labels for choices, the value with its unit for a range. */
const describeAnswer = (question: ExamQuestion, value: AnswerValue): string => {
  if (question.type === 'choice' || question.type === 'multi_choice') {
    const ids = Array.isArray(value) ? value : [String(value)];
    return question.options.filter((option) => ids.includes(option.id)).map((option) => option.label).join(', ');
  }
  if (question.type === 'range') return `${value}${question.unit}`;
  return String(value);
};

const verdictKey = (mark: QuestionMark) => (mark.correct === null ? 'result.notMarked' : mark.correct ? 'result.right' : 'result.wrong');

const Review = ({ questions, answers, marks }: { questions: ExamQuestion[]; answers: TasterProgress['answers']; marks: QuestionMark[] }) => {
  const { t } = useTranslation('taster');
  return (
    <ol className="plain-list result-list">
      {questions.map((question, index) => {
        const mark = marks.find((candidate) => candidate.id_question === question.id_question);
        const value = answers[question.id_question];
        if (!mark) return null;
        // Written answers are judged by their content: what is shown is an example, not the only answer.
        const example = mark.correct === null || question.type === 'freetext_mid';
        return (
          <li key={question.id_question} className="result-item" data-correct={String(mark.correct)}>
            <Heading as="h3" size="3">
              {t('runner.questionOf', { number: index + 1, total: questions.length })}: {t(verdictKey(mark))}
            </Heading>
            <Text as="p" className="question-prompt result-prompt">
              {question.prompt}
            </Text>
            <dl className="facts">
              <dt>{t('result.yourAnswer')}</dt>
              <dd>{value !== undefined && isAnswered(value) ? describeAnswer(question, value) : t('result.noAnswer')}</dd>
              <dt>{example ? t('result.exampleAnswer') : t('result.correctAnswer')}</dt>
              <dd>{mark.expected}</dd>
            </dl>
          </li>
        );
      })}
    </ol>
  );
};

/** The end of a test: marks it (by the server, from the answers given) and shows the score and each answer. */
export const TestResult = ({ school_exam_slug, id_exam_config, id_exam_group, questions, state, dispatch }: Props) => {
  const { t } = useTranslation('taster');
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { result, answers } = state;

  useEffect(() => {
    if (result) return;
    let current = true;
    scoreTasterTest(school_exam_slug, id_exam_config, answers).then(
      (score) => current && dispatch({ type: 'scored', result: score }),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [result, attempt, answers, school_exam_slug, id_exam_config, dispatch]);

  useEffect(() => {
    if (result) headingRef.current?.focus();
  }, [result]);

  if (!result) {
    return failed ? (
      <Flex direction="column" gap="3" align="start">
        <StatusMessage tone="error" role="alert">
          <StatusText>{t('result.markingFailed')}</StatusText>
        </StatusMessage>
        <Button
          onClick={() => {
            setFailed(false);
            setAttempt((count) => count + 1);
          }}
        >
          {t('result.retry')}
        </Button>
      </Flex>
    ) : (
      <Flex align="center" gap="2" role="status">
        <Spinner />
        <Text>{t('result.marking')}</Text>
      </Flex>
    );
  }

  const unmarked = result.total - result.marked;
  return (
    <Flex direction="column" gap="4">
      <Card size="3">
        <Flex direction="column" gap="2" align="start">
          <Heading as="h2" size="5" ref={headingRef} tabIndex={-1}>
            {t('result.heading')}
          </Heading>
          <Text as="p">{state.progress === 'not_finished' ? t('result.notFinished') : t('result.finished')}</Text>
          <Text as="p" size="7" weight="bold">
            {t('result.score', { percentage: result.percentage })}
          </Text>
          <Text as="p">{t('result.detail', { correct: result.correct, marked: result.marked })}</Text>
          {unmarked > 0 && (
            <Text as="p" color="gray">
              {t('result.unmarked', { count: unmarked })}
            </Text>
          )}
          <Flex gap="3" mt="2" wrap="wrap">
            <Button variant="soft" onClick={() => dispatch({ type: 'reset' })}>
              {t('result.again')}
            </Button>
            <Button asChild variant="soft">
              <RouterLink to={getHref('tasterSelection', { school_exam_slug, id_exam_group: String(id_exam_group) })}>
                {t('result.another')}
              </RouterLink>
            </Button>
          </Flex>
        </Flex>
      </Card>
      <Heading as="h2" size="4">
        {t('result.reviewHeading')}
      </Heading>
      <Review questions={questions} answers={answers} marks={result.questions} />
    </Flex>
  );
};
