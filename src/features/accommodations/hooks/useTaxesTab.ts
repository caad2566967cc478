// The tourist-tax tab: the accommodation's tax ranges, save (insert or update) and delete.
import { useMutation } from '@apollo/client/react';
import { useWrite } from '@/components/form/useWrite';
import type { TaxRangeValues } from '@/domain/accommodations/accommodationSchemas';
import type { EditorCapabilities } from '../capabilities';
import { DeleteTaxRangeDocument } from '../graphql/deleteTaxRange.generated';
import { UpsertTaxRangeDocument } from '../graphql/upsertTaxRange.generated';
import { taxRangeToObject } from '../mappers';
import type { TaxRangeRow } from '../types';
import { DETAILS_REFETCH, useAccommodation } from './useAccommodation';

export function useTaxesTab(id: string, can: EditorCapabilities) {
  const write = useWrite();
  const { accommodation } = useAccommodation(id);
  const [upsertTaxRange] = useMutation(UpsertTaxRangeDocument, DETAILS_REFETCH);
  const [deleteTaxRange] = useMutation(DeleteTaxRangeDocument, DETAILS_REFETCH);
  return {
    ranges: accommodation?.tourist_tax_ranges ?? [],
    readOnly: !can.taxes,
    onSave: (values: TaxRangeValues, rangeId: string | null) => write(() => upsertTaxRange({ variables: { object: taxRangeToObject(values, id, rangeId) } })),
    onDelete: async (range: TaxRangeRow) => void (await write(() => deleteTaxRange({ variables: { id: range.id } }), 'deleted')),
  };
}
