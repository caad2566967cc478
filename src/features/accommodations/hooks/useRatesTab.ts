// The rates tab: the rates of every unit, save (insert or update) and delete.
import { useMutation } from '@apollo/client/react';
import { useWrite } from '@/components/form/useWrite';
import type { RateValues } from '@/domain/accommodations/accommodationSchemas';
import type { EditorCapabilities } from '../capabilities';
import { DeleteRateDocument } from '../graphql/deleteRate.generated';
import { UpsertRateDocument } from '../graphql/upsertRate.generated';
import { rateToObject } from '../mappers';
import type { RateRow } from '../types';
import { DETAILS_REFETCH, useAccommodation } from './useAccommodation';

export function useRatesTab(id: string, can: EditorCapabilities) {
  const write = useWrite();
  const { units } = useAccommodation(id);
  const [upsertRate] = useMutation(UpsertRateDocument, DETAILS_REFETCH);
  const [deleteRate] = useMutation(DeleteRateDocument, DETAILS_REFETCH);
  return {
    units,
    readOnly: !can.rates,
    onSave: (values: RateValues, rateId: string | null) => write(() => upsertRate({ variables: { object: rateToObject(values, rateId) } })),
    onDelete: async (rate: RateRow) => void (await write(() => deleteRate({ variables: { id: rate.id } }), 'deleted')),
  };
}
