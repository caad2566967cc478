// /tasks: the team's tasks (needsreply, notes, to-dos, cleaning follow-ups).
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const TasksView = lazyView(() => import('@/features/tasks').then((m) => m.TasksView));

const TasksPage: NextPageWithLayout = () => <TasksView />;
TasksPage.getLayout = staffLayout('tasks', { title: 'tasks:list.title' });
export default TasksPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale, ['tasks']) });
