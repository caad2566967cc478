// Stores a new image order (position 0 is the cover) in one transaction.
import { gql, type TypedDocumentNode } from '@apollo/client';
export interface ReorderAccommodationFilesVariables {
  updates: { where: Record<string, unknown>; _set: { position: number } }[];
}

export const REORDER_ACCOMMODATION_FILES: TypedDocumentNode<{ update_accommodation_files_many: { affected_rows: number }[] | null }, ReorderAccommodationFilesVariables> = gql`
  mutation ReorderAccommodationFiles($updates: [accommodation_files_updates!]!) {
    update_accommodation_files_many(updates: $updates) {
      affected_rows
    }
  }
`;
