// The cleaner's upcoming cleanings and their two actions: acknowledge, report a problem (a task).
import { useCallback } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { ProblemValues } from '@/domain/cleanings';
import { useWrite } from '@/components/form/useWrite';
import { refetching } from '@/lib/apollo/refetching';
import { MyCleaningsDocument } from '../graphql/myCleanings.generated';
import { AcknowledgeCleaningDocument } from '../graphql/acknowledgeCleaning.generated';
import { ReportCleaningProblemDocument } from '../graphql/reportCleaningProblem.generated';
import type { CleaningFragment } from '../graphql/fragments.generated';
import { CleanerTasksDocument } from '../graphql/cleanerTasks.generated';
import { CompleteCleanerTaskDocument } from '../graphql/completeCleanerTask.generated';

export function useMyCleanings(me: string, today: string) {
  const list = useQuery(MyCleaningsDocument, { variables: { me, from: today }, fetchPolicy: 'cache-and-network' });
  const [ackMutation] = useMutation(AcknowledgeCleaningDocument, refetching('MyCleanings'));
  const [reportMutation] = useMutation(ReportCleaningProblemDocument, refetching('CleanerTasks'));
  const tasks = useQuery(CleanerTasksDocument, { fetchPolicy: 'cache-and-network' });
  const [completeMutation] = useMutation(CompleteCleanerTaskDocument, refetching('CleanerTasks'));
  const write = useWrite();

  const acknowledge = useCallback((id: string) => write(() => ackMutation({ variables: { id, at: new Date().toISOString() } })), [write, ackMutation]);
  const report = useCallback(
    (cleaning: CleaningFragment, values: ProblemValues) =>
      write(() =>
        reportMutation({
          variables: { task: { type: 'cleaning', title: values.title, description: values.description || null, unit_id: cleaning.unit_id, cleaning_id: cleaning.id, due_date: cleaning.date } },
        }),
      ),
    [write, reportMutation],
  );
  const complete = useCallback((id: string) => write(() => completeMutation({ variables: { id, at: new Date().toISOString() } })), [write, completeMutation]);
  return { loading: list.loading && !list.data, error: list.error, cleanings: list.data?.cleanings ?? [], acknowledge, report, tasks: tasks.data?.tasks ?? [], complete };
}
