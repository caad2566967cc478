// /tasks: the team's tasks (needsreply, notes, to-dos, cleaning follow-ups).
import type { GetStaticProps } from 'next';
import { useTranslation } from 'react-i18next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { PageTitle } from '@/components/PageTitle';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const TasksView = lazyView(() => import('@/features/tasks').then((m) => m.TasksView));

const TasksPage: NextPageWithLayout = () => {
  const { t } = useTranslation('tasks');
  return (
    <>
      <PageTitle title={t('list.title')} />
      <TasksView />
    </>
  );
};
TasksPage.getLayout = staffLayout('tasks');
export default TasksPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale, ['tasks']) });
