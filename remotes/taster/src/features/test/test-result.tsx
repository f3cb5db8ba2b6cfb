import { isAnswered } from '@entry/exam-kit';
import { useEffect, useRef, useState, type Dispatch } from 'react';
import { scoreTasterTest, type AnswerValue, type ExamQuestion, type QuestionMark, type TasterScore } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { getHref, Link as RouterLink } from '@entry/routes';
import { Button, Card, Flex, Heading, Spinner, StatusMessage, StatusText, Text } from '@entry/ui';
import type { ProgressAction, TasterProgress } from './progress.ts';

type Props = {
  school_exam_slug: string;
  school_name: string;
  id_exam_config: number;
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

/** A calm verdict: right, not quite (with the right answer beside it), or left to a teacher. */
const verdictKey = (mark: QuestionMark) => (mark.correct === null ? 'result.notMarked' : mark.correct ? 'result.right' : 'result.notQuite');

/** The question itself, without a reading passage before it. */
const questionLine = (prompt: string) => prompt.split('\n\n').at(-1) ?? prompt;

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
              {mark.explanation && (
                <>
                  <dt>{t('result.why')}</dt>
                  <dd>{mark.explanation}</dd>
                </>
              )}
            </dl>
          </li>
        );
      })}
    </ol>
  );
};

/** What went well, first: the questions answered right, or a kind word when there are none yet. */
const WentWell = ({ questions, result }: { questions: ExamQuestion[]; result: TasterScore }) => {
  const { t } = useTranslation('taster');
  const right = questions
    .map((question, index) => ({ question, number: index + 1 }))
    .filter(({ question }) => result.questions.some((mark) => mark.id_question === question.id_question && mark.correct === true));
  const praise =
    result.marked > 0 && result.correct === result.marked ? 'result.praiseAll' : result.correct > 0 ? 'result.praiseSome' : 'result.praiseNone';
  return (
    <>
      <Text as="p" size="5" weight="bold">
        {t(praise, { count: result.correct })}
      </Text>
      {right.length > 0 && (
        <>
          <Heading as="h3" size="3">
            {t('result.wentWellHeading')}
          </Heading>
          <ul className="went-well">
            {right.map(({ question, number }) => (
              <li key={question.id_question}>
                {t('result.wentWellItem', { number, question: questionLine(question.prompt) })}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
};

/** Where to go from here: an account, another taster of the same school, or this test again. */
const NextSteps = ({ school_exam_slug, school_name, onAgain }: { school_exam_slug: string; school_name: string; onAgain: () => void }) => {
  const { t } = useTranslation('taster');
  return (
    <Card size="3">
      <Flex direction="column" gap="2" align="start">
        <Heading as="h2" size="4">
          {t('result.nextHeading')}
        </Heading>
        <Text as="p">{t('result.nextLead')}</Text>
        <Flex gap="3" mt="2" wrap="wrap">
          <Button asChild>
            <RouterLink to={getHref('register')}>{t('result.signUp')}</RouterLink>
          </Button>
          <Button asChild variant="soft">
            <RouterLink to={getHref('tasterRoot', { school_exam_slug })}>{t('result.anotherTaster', { school: school_name })}</RouterLink>
          </Button>
          <Button variant="soft" onClick={onAgain}>
            {t('result.again')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
};

/**
 * The end of a test: marks it (by the server, from the answers given), then shows what went well,
 * each answer with the right one and why, and where to go next.
 */
export const TestResult = ({ school_exam_slug, school_name, id_exam_config, questions, state, dispatch }: Props) => {
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
          <WentWell questions={questions} result={result} />
          <Text as="p">{t('result.detail', { correct: result.correct, marked: result.marked, percentage: result.percentage })}</Text>
          {unmarked > 0 && (
            <Text as="p" color="gray">
              {t('result.unmarked', { count: unmarked })}
            </Text>
          )}
        </Flex>
      </Card>
      <Heading as="h2" size="4">
        {t('result.reviewHeading')}
      </Heading>
      <Review questions={questions} answers={answers} marks={result.questions} />
      <NextSteps school_exam_slug={school_exam_slug} school_name={school_name} onAgain={() => dispatch({ type: 'reset' })} />
    </Flex>
  );
};
