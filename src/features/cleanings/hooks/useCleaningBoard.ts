// The board's data (a page of units, the week's cleanings, cleaner names) and its writes: remove
// with a reason, hand to a cleaner.
import { useCallback, useMemo } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { addDays } from '@/domain/dates';
import { boardRows, weekDays } from '@/domain/cleanings';
import { useWrite } from '@/components/form/useWrite';
import { refetching } from '@/lib/apollo/refetching';
import { CleaningBoardDocument } from '../graphql/cleaningBoard.generated';
import { CleanerNamesDocument } from '../graphql/cleanerNames.generated';
import { RemoveCleaningDocument } from '../graphql/removeCleaning.generated';
import { AssignCleaningDocument } from '../graphql/assignCleaning.generated';
import { BOARD_UNITS_PER_PAGE, type BoardState } from '../urls';
import { LIST_QUERY_OPTIONS } from '@/lib/apollo/listQuery';

export function useCleaningBoard(state: BoardState, canEdit: boolean) {
  const days = useMemo(() => weekDays(state.week), [state.week]);
  const board = useQuery(CleaningBoardDocument, {
    variables: { from: state.week, to: addDays(state.week, 6), limit: BOARD_UNITS_PER_PAGE, offset: state.page * BOARD_UNITS_PER_PAGE },
    ...LIST_QUERY_OPTIONS,
  });
  const names = useQuery(CleanerNamesDocument);
  const [removeMutation] = useMutation(RemoveCleaningDocument, refetching('CleaningBoard'));
  const [assignMutation] = useMutation(AssignCleaningDocument, refetching('CleaningBoard'));
  const write = useWrite();

  const units = useMemo(() => board.data?.units ?? [], [board.data]);
  const cleanings = useMemo(() => board.data?.cleanings ?? [], [board.data]);
  const rows = useMemo(() => boardRows(units.map((u) => u.id), days, cleanings), [units, days, cleanings]);
  const cleanerNames = useMemo(() => Object.fromEntries((names.data?.staff_users ?? []).map((s) => [s.id ?? '', s.display_name ?? ''])), [names.data]);

  const remove = useCallback((id: string, reason: string) => write(() => removeMutation({ variables: { id, reason } })), [write, removeMutation]);
  const assign = useCallback((id: string, cleaner: string | null) => write(() => assignMutation({ variables: { id, cleaner } })), [write, assignMutation]);

  return {
    loading: board.loading && !board.data,
    error: board.error,
    days,
    units,
    rows,
    cleanings,
    total: board.data?.units_aggregate.aggregate?.count ?? 0,
    cleanerNames,
    onRemove: canEdit ? remove : undefined,
    onAssign: canEdit ? assign : undefined,
  };
}
