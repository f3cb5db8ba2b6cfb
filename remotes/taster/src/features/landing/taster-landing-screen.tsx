import { LoadState } from '@entry/exam-kit';
import { getTasterLanding } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { QueryProvider, queryOptions, useQuery } from '@entry/query';
import { getHref, Link as RouterLink, useParams } from '@entry/routes';
import { Card, Flex, Heading, Link, PageHeader, Text } from '@entry/ui';

/** The school's tasters: the screen reads them, and the server fetches them before it renders the screen. */
export const tasterLandingQuery = (school_exam_slug: string) =>
  queryOptions({ queryKey: ['taster', school_exam_slug], queryFn: () => getTasterLanding(school_exam_slug) });

const Landing = () => {
  const { t } = useTranslation('taster');
  const { school_exam_slug = '' } = useParams();
  const query = useQuery(tasterLandingQuery(school_exam_slug));
  const header = (lead?: string) => <PageHeader title={t('tasterRoot.title')} heading={t('tasterRoot.heading')}>{lead}</PageHeader>;
  if (!query.data) {
    return (
      <>
        {header()}
        <LoadState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const { school, groups, assessments } = query.data;
  return (
    <>
      {header(t('tasterRoot.lead', { school: school.name }))}
      <Heading as="h2" size="5" mb="3">
        {t('tasterRoot.groupsHeading')}
      </Heading>
      {groups.length === 0 && <Text as="p">{t('tasterRoot.noGroups')}</Text>}
      <Flex asChild direction="column" gap="3">
        <ul className="plain-list">
          {groups.map((group) => (
            <li key={group.id_exam_group}>
              <Card size="2">
                <Flex direction="column" gap="2" align="start">
                  <Heading as="h3" size="4">
                    {group.name}
                  </Heading>
                  <Text as="p">{group.description}</Text>
                  <Text as="p" size="2" color="gray">
                    {t('tasterRoot.testCount', { count: group.test_count })}
                  </Text>
                  <Link asChild standalone weight="medium">
                    <RouterLink
                      to={getHref('tasterSelection', { school_exam_slug, id_exam_group: String(group.id_exam_group) })}
                      aria-label={t('tasterRoot.openGroupNamed', { group: group.name })}
                    >
                      {t('tasterRoot.openGroup')}
                    </RouterLink>
                  </Link>
                </Flex>
              </Card>
            </li>
          ))}
        </ul>
      </Flex>
      {assessments.length > 0 && (
        <>
          <Heading as="h2" size="5" mt="6" mb="3">
            {t('tasterRoot.assessmentsHeading')}
          </Heading>
          <ul>
            {assessments.map((assessment) => (
              <li key={assessment.school_exam_slug}>
                <Link asChild standalone>
                  <RouterLink to={getHref('schoolLanding', { school_exam_slug: assessment.school_exam_slug })}>{assessment.title}</RouterLink>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
};

/** `/taster/:school_exam_slug`: the school's familiarisation tests, by group. */
export const TasterLandingScreen = () => (
  <QueryProvider>
    <Landing />
  </QueryProvider>
);
