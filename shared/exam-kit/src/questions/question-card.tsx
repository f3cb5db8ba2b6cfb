import { useEffect, useRef } from 'react';
import type { AnswerValue, ExamQuestion } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { Button, Card, Flex, Heading } from '@entry/ui';
import { QuestionField } from './question-field.tsx';
// Registers the kit's texts; imported here because a bundler may skip the package's index.
import '../locales.ts';

type Props = {
  question: ExamQuestion;
  position: number;
  total: number;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  flagged: boolean;
  onToggleFlag: () => void;
  disabled?: boolean;
};

/**
 * The current question: "Question n of m", its flag for review and its answer control. Its heading
 * takes the focus when the card appears (the test has started, or came back after a pause) and when
 * the question changes, so that reading starts at the question and not at the top of the page.
 */
export const QuestionCard = ({ question, position, total, value, onChange, flagged, onToggleFlag, disabled }: Props) => {
  const { t } = useTranslation('exam-kit');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = `question-heading-${question.id_question}`;

  useEffect(() => {
    headingRef.current?.focus();
  }, [question.id_question]);

  return (
    <Card size="3" asChild className="question-card">
      <section aria-labelledby={headingId}>
        <Flex direction="column" gap="4">
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="4" id={headingId} ref={headingRef} tabIndex={-1} className="question-heading">
              {t('question.of', { number: position + 1, total })}
            </Heading>
            {/* The words say the state as well as the colour: "Flagged for review" once pressed. */}
            <Button
              size="3"
              variant={flagged ? 'solid' : 'soft'}
              color={flagged ? 'red' : 'gray'}
              // Dark red under white text (12:1): Radix's plain red solid is 3.9:1.
              highContrast
              aria-pressed={flagged}
              onClick={onToggleFlag}
              className="question-flag"
            >
              <span aria-hidden="true">⚑</span> {t(flagged ? 'question.flagged' : 'question.flag')}
            </Button>
          </Flex>
          <QuestionField key={question.id_question} question={question} value={value} disabled={disabled} onChange={onChange} />
        </Flex>
      </section>
    </Card>
  );
};
