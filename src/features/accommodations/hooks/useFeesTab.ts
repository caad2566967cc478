// The fees tab: expense factories of the units (a query of their own: communicators may not read
// them), save (insert or update) and delete.
import { useMutation, useQuery } from '@apollo/client/react';
import { refetching } from '@/lib/apollo/refetching';
import { useWrite } from '@/components/form/useWrite';
import type { FeeValues } from '@/domain/accommodations/accommodationSchemas';
import type { EditorCapabilities } from '../capabilities';
import { AccommodationFeesDocument } from '../graphql/accommodationFees.generated';
import { DeleteFeeDocument } from '../graphql/deleteFee.generated';
import { UpsertFeeDocument } from '../graphql/upsertFee.generated';
import { feeToObject } from '../mappers';
import type { ExpenseFactoryRow } from '../types';
import { useAccommodation } from './useAccommodation';

const REFETCH = refetching('AccommodationFees');

export function useFeesTab(id: string, can: EditorCapabilities) {
  const write = useWrite();
  const { units } = useAccommodation(id);
  const fees = useQuery(AccommodationFeesDocument, { variables: { id }, skip: !can.readsFees });
  const [upsertFee] = useMutation(UpsertFeeDocument, REFETCH);
  const [deleteFee] = useMutation(DeleteFeeDocument, REFETCH);
  return {
    units,
    fees: fees.data?.expense_factories ?? [],
    readOnly: !can.fees,
    onSave: (values: FeeValues, feeId: string | null) => write(() => upsertFee({ variables: { object: feeToObject(values, feeId) } })),
    onDelete: async (fee: ExpenseFactoryRow) => void (await write(() => deleteFee({ variables: { id: fee.id } }), 'deleted')),
  };
}
