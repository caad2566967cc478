// The NTAK tab: registry settings of the accommodation and which certificates are stored.
import { useMutation, useQuery } from '@apollo/client/react';
import { useWrite } from '@/components/form/useWrite';
import type { NtakValues } from '@/domain/accommodations/accommodationSchemas';
import type { EditorCapabilities } from '../capabilities';
import { AccommodationCertificatesDocument } from '../graphql/accommodationCertificates.generated';
import { UpdateAccommodationNtakDocument } from '../graphql/updateAccommodationNtak.generated';
import { ntakToColumns, ntakToForm } from '../mappers';
import { DETAILS_REFETCH, useAccommodation } from './useAccommodation';

export function useNtakTab(id: string, can: EditorCapabilities) {
  const write = useWrite();
  const { accommodation } = useAccommodation(id);
  const certificates = useQuery(AccommodationCertificatesDocument, { variables: { id }, skip: !can.readsCertificates });
  const [updateNtak] = useMutation(UpdateAccommodationNtakDocument, DETAILS_REFETCH);
  const stored = certificates.data?.accommodations_by_pk;
  return {
    initialValues: accommodation ? ntakToForm(accommodation) : null,
    certificates: { ntakCert: Boolean(stored?.ntak_cert), signingCert: Boolean(stored?.ntak_signing_cert), authCert: Boolean(stored?.ntak_auth_cert) },
    readOnly: !can.ntak,
    onSave: (values: NtakValues) => write(() => updateNtak({ variables: { id, set: ntakToColumns(values) } })),
  };
}
