// All labels, for the label filters and the basics tab.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { LabelRow } from '../types';

export const LABELS: TypedDocumentNode<{ labels: LabelRow[] }, Record<string, never>> = gql`
  query Labels {
    labels(order_by: { name: asc }) {
      id
      name
      color
    }
  }
`;
