// Maps an Airbnb listing to a unit, creating the listing when it is new.
import { gql, type TypedDocumentNode } from '@apollo/client';

export interface LinkAirbnbVariables {
  airbnbId: string;
  url: string | null;
  title: string;
  unitId: string;
}

export const LINK_AIRBNB: TypedDocumentNode<{ insert_airbnb_units_one: { unit_id: string; airbnb_id: string } | null }, LinkAirbnbVariables> = gql`
  mutation LinkAirbnb($airbnbId: String!, $url: String, $title: String!, $unitId: uuid!) {
    insert_airbnbs_one(object: { id: $airbnbId, url: $url, title: $title }, on_conflict: { constraint: airbnbs_pkey, update_columns: [url] }) {
      id
    }
    insert_airbnb_units_one(object: { unit_id: $unitId, airbnb_id: $airbnbId }) {
      unit_id
      airbnb_id
    }
  }
`;
