// Which NTAK certificates are stored (only some roles may read them).
import { gql, type TypedDocumentNode } from '@apollo/client';
export interface AccommodationCertificatesData {
  accommodations_by_pk: { ntak_cert: string | null; ntak_signing_cert: string | null; ntak_auth_cert: string | null } | null;
}

export const ACCOMMODATION_CERTIFICATES: TypedDocumentNode<AccommodationCertificatesData, { id: string }> = gql`
  query AccommodationCertificates($id: uuid!) {
    accommodations_by_pk(id: $id) {
      ntak_cert
      ntak_signing_cert
      ntak_auth_cert
    }
  }
`;
