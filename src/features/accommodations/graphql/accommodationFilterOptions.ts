// Choices for the table filters and the basics form: owners, labels and the cities in use.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { LabelRow, OwnerOption } from '../types';

export interface AccommodationFilterOptionsData {
  owners: OwnerOption[];
  labels: LabelRow[];
  cities: { city: string }[];
}

export const ACCOMMODATION_FILTER_OPTIONS: TypedDocumentNode<AccommodationFilterOptionsData, Record<string, never>> = gql`
  query AccommodationFilterOptions {
    owners(order_by: { name: asc }) {
      id
      name
    }
    labels(order_by: { name: asc }) {
      id
      name
      color
    }
    cities: accommodations(distinct_on: city, order_by: { city: asc }) {
      city
    }
  }
`;
