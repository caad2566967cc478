// Creates an accommodation from the basics tab.
import { gql, type TypedDocumentNode } from '@apollo/client';
export const INSERT_ACCOMMODATION: TypedDocumentNode<{ insert_accommodations_one: { id: string } | null }, { object: Record<string, unknown> }> = gql`
  mutation InsertAccommodation($object: accommodations_insert_input!) {
    insert_accommodations_one(object: $object) {
      id
    }
  }
`;
