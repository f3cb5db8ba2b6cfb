import { LoadState, useDurationLabel, useSubjectLabel } from '@entry/exam-kit';
import { getTasterGroup, type TasterTestSummary } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { QueryProvider, queryOptions, useQuery } from '@entry/query';
import { getHref, Link as RouterLink, useParams } from '@entry/routes';
import { Button, Card, Flex, Heading, Link, PageHeader, Text } from '@entry/ui';
import { useTasterProgress } from '../test/use-taster-progress.ts';

const TestCard = ({ school_exam_slug, test }: { school_exam_slug: string; test: TasterTestSummary }) => {
  const { t } = useTranslation('taster');
  const subjectLabel = useSubjectLabel();
  const durationLabel = useDurationLabel();
  const [{ progress, result }] = useTasterProgress(school_exam_slug, test.id_exam_config);
  const action =
    progress === 'not_started' ? t('tasterSelection.start') : progress === 'in_progress' ? t('tasterSelection.continue') : t('tasterSelection.seeResult');
  const progressText = result
    ? t('tasterSelection.scored', { progress: t(`progress.${progress}`), percentage: result.percentage })
    : t(`progress.${progress}`);
  return (
    <Card size="2" className="test-card">
      <Flex direction="column" gap="3" align="start" className="test-card-body">
        <Heading as="h2" size="4">
          {test.title}
        </Heading>
        <dl className="facts">
          <dt>{t('tasterSelection.subject')}</dt>
          <dd>{subjectLabel(test.subject)}</dd>
          <dt>{t('tasterSelection.questions')}</dt>
          <dd>{test.question_count}</dd>
          <dt>{t('tasterSelection.timeLimit')}</dt>
          <dd>{durationLabel(test.time_limit_seconds)}</dd>
          <dt>{t('tasterSelection.difficulty')}</dt>
          <dd>{t(`difficulty.${test.difficulty}`)}</dd>
          <dt>{t('tasterSelection.progress')}</dt>
          <dd>{progressText}</dd>
        </dl>
        <Button asChild size="3" variant={progress === 'not_started' ? 'solid' : 'soft'} className="test-card-action">
          <RouterLink
            to={getHref('tasterTest', { school_exam_slug, id_exam_config: String(test.id_exam_config) })}
            aria-label={t('tasterSelection.actionNamed', { action, test: test.title })}
          >
            {action}
          </RouterLink>
        </Button>
      </Flex>
    </Card>
  );
};

/** A group's tests: the screen reads them, and the server fetches them before it renders the screen. */
export const tasterGroupQuery = (school_exam_slug: string, id_exam_group: string) =>
  queryOptions({
    queryKey: ['taster', school_exam_slug, 'group', id_exam_group],
    queryFn: () => getTasterGroup(school_exam_slug, Number(id_exam_group)),
  });

const Selection = () => {
  const { t } = useTranslation('taster');
  const { school_exam_slug = '', id_exam_group = '' } = useParams();
  const query = useQuery(tasterGroupQuery(school_exam_slug, id_exam_group));
  const header = (lead?: string) => (
    <PageHeader title={t('tasterSelection.title')} heading={t('tasterSelection.heading')}>
      {lead}
    </PageHeader>
  );
  const back = (school: string) => (
    <Link asChild standalone>
      <RouterLink to={getHref('tasterRoot', { school_exam_slug })}>{t('tasterSelection.back', { school })}</RouterLink>
    </Link>
  );
  if (!query.data) {
    return (
      <>
        {header()}
        <LoadState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const { school, group, tests } = query.data;
  return (
    <>
      {header(t('tasterSelection.lead', { school: school.name, group: group.name }))}
      <Text as="p" mb="4">
        {group.description}
      </Text>
      {tests.length === 0 && <Text as="p">{t('tasterSelection.noTests')}</Text>}
      <ul className="plain-list test-grid">
        {tests.map((test) => (
          <li key={test.id_exam_config}>
            <TestCard school_exam_slug={school_exam_slug} test={test} />
          </li>
        ))}
      </ul>
      <Text as="p" mt="5">
        {back(school.name)}
      </Text>
    </>
  );
};

/** `/taster/:school_exam_slug/selection/:id_exam_group`: the familiarisation tests of one group. */
export const SelectionScreen = () => (
  <QueryProvider>
    <Selection />
  </QueryProvider>
);
