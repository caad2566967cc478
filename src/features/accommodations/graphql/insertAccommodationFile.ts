// Attaches an uploaded image to an accommodation at the end of its gallery.
import { gql, type TypedDocumentNode } from '@apollo/client';
export const INSERT_ACCOMMODATION_FILE: TypedDocumentNode<{ insert_accommodation_files_one: { accommodation_id: string; file_id: string } | null }, { accommodationId: string; fileId: string; position: number }> = gql`
  mutation InsertAccommodationFile($accommodationId: uuid!, $fileId: uuid!, $position: Int!) {
    insert_accommodation_files_one(object: { accommodation_id: $accommodationId, file_id: $fileId, position: $position }) {
      accommodation_id
      file_id
    }
  }
`;
