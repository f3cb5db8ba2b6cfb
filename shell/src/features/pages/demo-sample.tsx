import { useEffect, useRef, useState } from 'react';
import type { AnswerValue, ExamQuestion } from '@entry/api';
import { QuestionField, Timer } from '@entry/exam-kit';
import '@entry/exam-kit/styles.css';
import { addTranslations, useTranslation } from '@entry/i18n';
import { Button, Card, Flex, Heading, StatusMessage, StatusText, Text } from '@entry/ui';
import { demoSampleTexts } from '../../locales/demo-sample-en-gb.ts';

addTranslations('shell', demoSampleTexts);

const RIGHT = 'b';

type Step = 'answer' | 'feedback' | 'test';
const STEPS: Step[] = ['answer', 'feedback', 'test'];

/**
 * A taster question to try on the demo page, with the test's own controls, in three guided steps:
 * answer it, see whether it was right and why, then see what a timed test adds. Nothing is sent:
 * the one answer is marked here.
 */
export const DemoSample = () => {
  const { t } = useTranslation('shell');
  const [step, setStep] = useState<Step>('answer');
  const [answer, setAnswer] = useState<AnswerValue | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);

  // Each new step takes the focus to its heading, as the test's own steps do.
  useEffect(() => {
    if (shown.current !== step) heading.current?.focus();
    shown.current = step;
  }, [step]);

  const question: ExamQuestion = {
    id_question: 1,
    position: 1,
    type: 'choice',
    prompt: t('pages.demo.sample.prompt'),
    options: ['a', 'b', 'c', 'd'].map((id) => ({ id, label: t(`pages.demo.sample.options.${id}`) })),
  };
  const startAgain = () => {
    setAnswer(undefined);
    setStep('answer');
  };
  const right = answer === RIGHT;
  const number = STEPS.indexOf(step) + 1;

  return (
    <Card size="3" asChild>
      <section aria-labelledby="demo-sample-heading">
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="1">
            <Text size="2" color="gray">
              {t('pages.demo.sample.progress', { number, count: STEPS.length })}
            </Text>
            <Heading as="h2" size="5" id="demo-sample-heading" ref={heading} tabIndex={-1}>
              {t(`pages.demo.sample.steps.${step}.heading`)}
            </Heading>
            <Text as="p" color="gray">
              {t(`pages.demo.sample.steps.${step}.guide`)}
            </Text>
          </Flex>
          {step === 'answer' && (
            <>
              <QuestionField question={question} value={answer} onChange={setAnswer} />
              <Flex>
                <Button size="3" disabled={answer === undefined} onClick={() => setStep('feedback')}>
                  {t('pages.demo.sample.check')}
                </Button>
              </Flex>
            </>
          )}
          {step === 'feedback' && (
            <>
              <StatusMessage tone={right ? 'success' : 'error'}>
                <StatusText weight="bold">{t(right ? 'pages.demo.sample.right' : 'pages.demo.sample.wrong')}</StatusText>
                <StatusText>{t('pages.demo.sample.why')}</StatusText>
              </StatusMessage>
              <Flex gap="3" wrap="wrap">
                <Button size="3" onClick={() => setStep('test')}>
                  {t('pages.demo.sample.next')}
                </Button>
                <Button
                  size="3"
                  variant="soft"
                  onClick={startAgain}
                >
                  {t('pages.demo.sample.again')}
                </Button>
              </Flex>
            </>
          )}
          {step === 'test' && (
            <>
              {/* The clock as a test shows it (standing still here). */}
              <Timer seconds={7 * 60 + 42} />
              <ul className="shell-list">
                {(['clock', 'flags', 'marks'] as const).map((key) => (
                  <li key={key}>
                    <Text>{t(`pages.demo.sample.testPoints.${key}`)}</Text>
                  </li>
                ))}
              </ul>
              <Flex>
                <Button
                  size="3"
                  variant="soft"
                  onClick={startAgain}
                >
                  {t('pages.demo.sample.restart')}
                </Button>
              </Flex>
            </>
          )}
        </Flex>
      </section>
    </Card>
  );
};
