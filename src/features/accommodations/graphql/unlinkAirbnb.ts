// Removes an Airbnb listing from a unit.
import { gql, type TypedDocumentNode } from '@apollo/client';
export const UNLINK_AIRBNB: TypedDocumentNode<{ delete_airbnb_units_by_pk: { unit_id: string; airbnb_id: string } | null }, { unitId: string; airbnbId: string }> = gql`
  mutation UnlinkAirbnb($unitId: uuid!, $airbnbId: String!) {
    delete_airbnb_units_by_pk(unit_id: $unitId, airbnb_id: $airbnbId) {
      unit_id
      airbnb_id
    }
  }
`;
