// Detaches an image from an accommodation (the storage file is deleted by the view).
import { gql, type TypedDocumentNode } from '@apollo/client';
export const DELETE_ACCOMMODATION_FILE: TypedDocumentNode<{ delete_accommodation_files_by_pk: { accommodation_id: string; file_id: string } | null }, { accommodationId: string; fileId: string }> = gql`
  mutation DeleteAccommodationFile($accommodationId: uuid!, $fileId: uuid!) {
    delete_accommodation_files_by_pk(accommodation_id: $accommodationId, file_id: $fileId) {
      accommodation_id
      file_id
    }
  }
`;
