import { LoadState } from '@entry/exam-kit';
import { useEffect } from 'react';
import { getTasterTest, type TasterTest } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { QueryProvider, useQuery } from '@entry/query';
import { getHref, Link as RouterLink, useParams } from '@entry/routes';
import { Link, PageHeader, Text } from '@entry/ui';
import { hasRunOut } from './progress.ts';
import { TestIntro } from './test-intro.tsx';
import { TestResult } from './test-result.tsx';
import { TestRunner } from './test-runner.tsx';
import { useTasterProgress } from './use-taster-progress.ts';

/** The way back to the list, everywhere but during the test itself, which offers no way out but its own. */
const BackToList = ({ school_exam_slug, id_exam_group }: { school_exam_slug: string; id_exam_group: number }) => {
  const { t } = useTranslation('taster');
  return (
    <Text as="p" mt="5">
      <Link asChild standalone>
        <RouterLink to={getHref('tasterSelection', { school_exam_slug, id_exam_group: String(id_exam_group) })}>{t('tasterTest.back')}</RouterLink>
      </Link>
    </Text>
  );
};

const Session = ({ school_exam_slug, data }: { school_exam_slug: string; data: TasterTest }) => {
  const { test, questions, group } = data;
  const [state, dispatch] = useTasterProgress(school_exam_slug, test.id_exam_config);

  useEffect(() => {
    // Back after the time ran out: the test is over, and the answers given are marked.
    if (hasRunOut(state, Date.now())) dispatch({ type: 'finish', timedOut: true });
  }, [state, dispatch]);

  if (state.progress === 'in_progress') return <TestRunner questions={questions} state={state} dispatch={dispatch} />;
  return (
    <>
      {state.progress === 'not_started' ? (
        <TestIntro test={test} onStart={() => dispatch({ type: 'start', now: Date.now(), timeLimitSeconds: test.time_limit_seconds })} />
      ) : (
        <TestResult
          school_exam_slug={school_exam_slug}
          school_name={data.school.name}
          id_exam_config={test.id_exam_config}
          questions={questions}
          state={state}
          dispatch={dispatch}
        />
      )}
      <BackToList school_exam_slug={school_exam_slug} id_exam_group={group.id_exam_group} />
    </>
  );
};

const TestPage = () => {
  const { t } = useTranslation('taster');
  const { school_exam_slug = '', id_exam_config = '' } = useParams();
  const query = useQuery({
    queryKey: ['taster', school_exam_slug, 'test', id_exam_config],
    queryFn: () => getTasterTest(school_exam_slug, Number(id_exam_config)),
  });
  // The title stays the same through the test: it is what the tab and the history show for it.
  const header = (lead?: string) => (
    <PageHeader title={t('tasterTest.title')} heading={t('tasterTest.heading')}>
      {lead}
    </PageHeader>
  );
  if (!query.data) {
    return (
      <>
        {header()}
        <LoadState error={query.error} notFound={t('tasterTest.notFound')} onRetry={() => void query.refetch()}>
          <Link asChild standalone>
            <RouterLink to={getHref('tasterRoot', { school_exam_slug })}>{t('tasterSelection.backPlain')}</RouterLink>
          </Link>
        </LoadState>
      </>
    );
  }
  const { school, test } = query.data;
  return (
    <>
      {header(t('tasterTest.lead', { test: test.title, school: school.name }))}
      <Session school_exam_slug={school_exam_slug} data={query.data} />
    </>
  );
};

/** `/taster/:school_exam_slug/test/:id_exam_config`: a familiarisation test, from its start to its score. */
export const TestScreen = () => (
  <QueryProvider>
    <TestPage />
  </QueryProvider>
);
