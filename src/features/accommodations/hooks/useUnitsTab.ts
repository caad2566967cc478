// The units tab: the accommodation's units, save (insert or update) and delete.
import { useMutation } from '@apollo/client/react';
import { useWrite } from '@/components/form/useWrite';
import type { UnitValues } from '@/domain/accommodations/accommodationSchemas';
import type { EditorCapabilities } from '../capabilities';
import { DeleteUnitDocument } from '../graphql/deleteUnit.generated';
import { UpsertUnitDocument } from '../graphql/upsertUnit.generated';
import { unitToObject } from '../mappers';
import type { UnitRow } from '../types';
import { DETAILS_REFETCH, useAccommodation } from './useAccommodation';

export function useUnitsTab(id: string, can: EditorCapabilities) {
  const write = useWrite();
  const { units } = useAccommodation(id);
  const [upsertUnit] = useMutation(UpsertUnitDocument, DETAILS_REFETCH);
  const [deleteUnit] = useMutation(DeleteUnitDocument, DETAILS_REFETCH);
  return {
    units,
    readOnly: !can.units,
    onSave: (values: UnitValues, unitId: string | null) => write(() => upsertUnit({ variables: { object: unitToObject(values, id, unitId) } })),
    onDelete: can.deletesUnits ? async (unit: UnitRow) => void (await write(() => deleteUnit({ variables: { id: unit.id } }), 'deleted')) : undefined,
  };
}
