import { useDurationLabel } from '@entry/exam-kit';
import type { TasterTestSummary } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { Button, Card, Flex, Heading, Text } from '@entry/ui';

/** What the test is and how it works, before the clock starts. */
export const TestIntro = ({ test, onStart }: { test: TasterTestSummary; onStart: () => void }) => {
  const { t } = useTranslation('taster');
  const durationLabel = useDurationLabel();
  return (
    <Card size="3">
      <Flex direction="column" gap="3" align="start">
        <Heading as="h2" size="5">
          {t('intro.heading')}
        </Heading>
        <Text as="p" weight="medium">
          {t('intro.facts', {
            questions: t('intro.questionCount', { count: test.question_count }),
            time: durationLabel(test.time_limit_seconds),
            difficulty: t(`difficulty.${test.difficulty}`),
          })}
        </Text>
        <ul>
          <li>{t('intro.timer')}</li>
          <li>{t('intro.navigate')}</li>
          <li>{t('intro.submit')}</li>
          <li>{t('intro.device')}</li>
        </ul>
        <Button size="3" onClick={onStart}>
          {t('intro.start')}
        </Button>
      </Flex>
    </Card>
  );
};
