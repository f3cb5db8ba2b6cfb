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
 * The current question: "Question n of m", its flag for review and its answer control. When the
 * question changes, its heading takes the focus so it is read out; not on first render.
 */
export const QuestionCard = ({ question, position, total, value, onChange, flagged, onToggleFlag, disabled }: Props) => {
  const { t } = useTranslation('exam-kit');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef(question.id_question);
  const headingId = `question-heading-${question.id_question}`;

  useEffect(() => {
    if (shown.current !== question.id_question) headingRef.current?.focus();
    shown.current = question.id_question;
  }, [question.id_question]);

  return (
    <Card size="3" asChild>
      <section aria-labelledby={headingId}>
        <Flex direction="column" gap="4">
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="4" id={headingId} ref={headingRef} tabIndex={-1}>
              {t('question.of', { number: position + 1, total })}
            </Heading>
            <Button variant={flagged ? 'outline' : 'soft'} color={flagged ? 'red' : 'gray'} aria-pressed={flagged} onClick={onToggleFlag}>
              <span aria-hidden="true">⚑</span> {t('question.flag')}
            </Button>
          </Flex>
          <QuestionField key={question.id_question} question={question} value={value} disabled={disabled} onChange={onChange} />
        </Flex>
      </section>
    </Card>
  );
};
