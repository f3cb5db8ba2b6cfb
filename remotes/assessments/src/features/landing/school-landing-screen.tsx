import { LoadState, useDurationLabel, useSubjectLabel } from '@entry/exam-kit';
import { getSchoolExam } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { QueryProvider, queryOptions, useQuery } from '@entry/query';
import { getHref, Link as RouterLink, useParams } from '@entry/routes';
import { Button, Card, Flex, Heading, Link, PageHeader, Text } from '@entry/ui';

/** The school's assessment: the screen reads it, and the server fetches it before it renders the screen. */
export const schoolExamQuery = (school_exam_slug: string) =>
  queryOptions({ queryKey: ['school-exam', school_exam_slug], queryFn: () => getSchoolExam(school_exam_slug) });

const Landing = () => {
  const { t } = useTranslation('assessments');
  const subjectLabel = useSubjectLabel();
  const durationLabel = useDurationLabel();
  const { school_exam_slug = '' } = useParams();
  const query = useQuery(schoolExamQuery(school_exam_slug));
  const header = (lead?: string) => (
    <PageHeader title={t('schoolLanding.title')} heading={t('schoolLanding.heading')}>
      {lead}
    </PageHeader>
  );
  if (!query.data) {
    return (
      <>
        {header()}
        <LoadState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const exam = query.data;
  return (
    <>
      {header(t('schoolLanding.lead', { school: exam.school.name, exam: exam.title }))}
      <Flex direction="column" gap="4">
        <Card size="3" asChild>
          <section aria-labelledby="assessment-what">
            <Flex direction="column" gap="3">
              <Heading as="h2" size="5" id="assessment-what">
                {t('schoolLanding.whatHeading')}
              </Heading>
              <Text as="p" weight="bold">
                {t(`sessionTypes.${exam.session_type}`)}
              </Text>
              <Text as="p">{exam.summary}</Text>
              <Text as="p">{t(`schoolLanding.${exam.session_type}`)}</Text>
              <Heading as="h3" size="3">
                {t('schoolLanding.paperHeading')}
              </Heading>
              <dl className="facts">
                <dt>{t('schoolLanding.subject')}</dt>
                <dd>{subjectLabel(exam.paper.subject)}</dd>
                <dt>{t('schoolLanding.questions')}</dt>
                <dd>{exam.paper.question_count}</dd>
                <dt>{t('schoolLanding.time')}</dt>
                <dd>{durationLabel(exam.paper.time_limit_seconds)}</dd>
              </dl>
            </Flex>
          </section>
        </Card>
        <Card size="3" asChild>
          <section aria-labelledby="assessment-how">
            <Flex direction="column" gap="3" align="start">
              <Heading as="h2" size="5" id="assessment-how">
                {t('schoolLanding.howHeading')}
              </Heading>
              <ol>
                <li>{t('schoolLanding.howCode')}</li>
                <li>{t('schoolLanding.howOpen')}</li>
                <li>{t('schoolLanding.howEnter')}</li>
                <li>{t('schoolLanding.howSaved')}</li>
              </ol>
              <Button asChild size="3">
                <RouterLink to={getHref('assessments', { exam_slug: exam.exam_slug })}>{t('schoolLanding.open')}</RouterLink>
              </Button>
              <Link asChild standalone size="2">
                <RouterLink to={getHref('technicalRequirements')}>{t('schoolLanding.requirementsLink')}</RouterLink>
              </Link>
            </Flex>
          </section>
        </Card>
        <Card size="3" asChild>
          <section aria-labelledby="assessment-taster">
            <Flex direction="column" gap="3" align="start">
              <Heading as="h2" size="5" id="assessment-taster">
                {t('schoolLanding.tasterHeading')}
              </Heading>
              <Text as="p">{t('schoolLanding.tasterBody')}</Text>
              <Link asChild standalone weight="medium">
                <RouterLink to={getHref('tasterRoot', { school_exam_slug: exam.school.taster_slug })}>
                  {t('schoolLanding.tasterLink', { school: exam.school.name })}
                </RouterLink>
              </Link>
            </Flex>
          </section>
        </Card>
      </Flex>
    </>
  );
};

/** `/:school_exam_slug`: a school's assessment explained, with the way in and the way to practise. */
export const SchoolLandingScreen = () => (
  <QueryProvider>
    <Landing />
  </QueryProvider>
);
