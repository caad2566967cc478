// The basics tab: the accommodation's own columns, labels, owner and staff (with server-searched
// pickers) and contract files; creates a new accommodation or saves the changed columns.
import { useMemo } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useNhostClient } from '@nhost/nextjs';
import { toast } from 'react-toastify';
import { useTranslation } from 'next-i18next/pages';
import { refetching } from '@/lib/apollo/refetching';
import { useWrite } from '@/components/form/useWrite';
import type { SaveResult } from '@/components/form/submit';
import type { AccommodationValues } from '@/domain/accommodations/accommodationSchemas';
import type { EditorCapabilities } from '../capabilities';
import type { ContractKind } from '../components/ContractFiles';
import { AccommodationLabelsDocument } from '../graphql/accommodationLabels.generated';
import { AccommodationStaffDocument } from '../graphql/accommodationStaff.generated';
import { InsertAccommodationDocument } from '../graphql/insertAccommodation.generated';
import { LabelsDocument } from '../graphql/labels.generated';
import { SetUnitStaffDocument } from '../graphql/setUnitStaff.generated';
import { UpdateAccommodationDocument } from '../graphql/updateAccommodation.generated';
import { UpdateAccommodationNtakDocument } from '../graphql/updateAccommodationNtak.generated';
import { basicsColumnsOf, basicsToColumns, basicsToForm, changedColumns, newAccommodationColumns, staffOf, withoutOwnerAndTax } from '../mappers';
import { DETAILS_REFETCH, useAccommodation } from './useAccommodation';
import { usePeoplePickers } from './usePeoplePickers';

const REFETCH = refetching('AccommodationDetails', 'AccommodationLabels', 'AccommodationStaff');

export function useBasicsTab(id: string, isNew: boolean, can: EditorCapabilities, onCreated: (newId: string) => Promise<void>) {
  const { t } = useTranslation('common');
  const write = useWrite();
  const nhost = useNhostClient();
  const { accommodation, units } = useAccommodation(id, isNew);
  const readsExtras = !isNew && can.readsStaffAndLabels;
  const labelLinks = useQuery(AccommodationLabelsDocument, { variables: { id }, skip: !readsExtras });
  const staffLinks = useQuery(AccommodationStaffDocument, { variables: { id }, skip: !readsExtras });
  const labels = useQuery(LabelsDocument, { skip: !can.readsStaffAndLabels });
  const [insertAccommodation] = useMutation(InsertAccommodationDocument);
  const [updateAccommodation] = useMutation(UpdateAccommodationDocument, REFETCH);
  const [setUnitStaff] = useMutation(SetUnitStaffDocument, REFETCH);
  const [updateContracts] = useMutation(UpdateAccommodationNtakDocument, DETAILS_REFETCH);

  // Names of the chosen owner and staff; the pickers search the rest on the server as one types.
  const staffUserIds = useMemo(() => (staffLinks.data?.unit_2_users ?? []).map((link) => link.user_id), [staffLinks.data]);
  const pickers = usePeoplePickers({ ownerId: accommodation?.owner_id ?? null, staffUserIds, readsOwnerNames: can.readsOwnerNames, readsStaffNames: can.readsStaffAndLabels });

  const allowed = (columns: Record<string, unknown>) => (can.ownerAndTax ? columns : withoutOwnerAndTax(columns));

  const onSave = async (values: AccommodationValues): Promise<SaveResult> => {
    if (isNew) {
      let newId: string | null = null;
      const result = await write(async () => {
        const { data } = await insertAccommodation({
          variables: { object: { ...allowed(newAccommodationColumns(values)), accommodation_labels: { data: values.labelIds.map((labelId) => ({ label_id: labelId })) } } },
        });
        newId = data?.insert_accommodations_one?.id ?? null;
      });
      if (result === null && newId) await onCreated(newId);
      return result;
    }
    return write(async () => {
      const changed = allowed(accommodation ? changedColumns(basicsColumnsOf(accommodation), basicsToColumns(values)) : basicsToColumns(values));
      // The engine needs at least one column to set; the name is always there.
      const set = Object.keys(changed).length ? changed : { name: values.name };
      await updateAccommodation({ variables: { id, set, labels: values.labelIds.map((labelId) => ({ accommodation_id: id, label_id: labelId })) } });
      if (units.length > 0) {
        const links = units.flatMap((unit) => [
          ...values.managerIds.map((userId) => ({ unit_id: unit.id, user_id: userId, connection_type: 'manager' as const })),
          ...values.cleanerIds.map((userId) => ({ unit_id: unit.id, user_id: userId, connection_type: 'cleaner' as const })),
        ]);
        await setUnitStaff({ variables: { unitIds: units.map((u) => u.id), links } });
      }
    });
  };

  const contracts = accommodation
    ? {
        files: { pm: accommodation.pm_contract_file_id, manager: accommodation.manager_contract_file_id },
        readOnly: !can.contracts,
        onUpload: async (kind: ContractKind, file: File) => {
          await write(async () => {
            const { fileMetadata, error } = await nhost.storage.upload({ file, bucketId: 'default' });
            if (error || !fileMetadata) throw new Error(error?.message ?? file.name);
            const column = kind === 'pm' ? 'pm_contract_file_id' : 'manager_contract_file_id';
            await updateContracts({ variables: { id, set: { [column]: fileMetadata.id } } });
          });
        },
        onDownload: async (fileId: string) => {
          const { presignedUrl, error } = await nhost.storage.getPresignedUrl({ fileId });
          if (presignedUrl) window.open(presignedUrl.url, '_blank', 'noopener');
          else toast.error(t('toast.failed', { message: error?.message ?? '' }));
        },
      }
    : null;

  return {
    form: {
      initialValues: basicsToForm(accommodation, (labelLinks.data?.accommodation_labels ?? []).map((l) => l.label_id), staffOf(staffLinks.data?.unit_2_users ?? [])),
      labels: labels.data?.labels ?? [],
      ...pickers,
      showDeleteHint: !isNew && can.basics && !can.deletes,
      readOnly: !can.basics,
      ownerAndTaxReadOnly: !can.ownerAndTax,
      canConnectStaff: !isNew && units.length > 0 && can.readsStaffAndLabels,
      onSave,
    },
    contracts,
  };
}
