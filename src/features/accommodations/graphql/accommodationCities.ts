// Cities in use, for the city filter.
import { gql, type TypedDocumentNode } from '@apollo/client';
export const ACCOMMODATION_CITIES: TypedDocumentNode<{ accommodations: { city: string }[] }, Record<string, never>> = gql`
  query AccommodationCities {
    accommodations(distinct_on: city, order_by: { city: asc }) {
      city
    }
  }
`;
