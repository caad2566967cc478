// The calendar's bulk edits on a range of nights: close/open on the unit (unit_dates), a nightly
// price and closed to arrival/departure on a rate (rate_dates), a minimum or maximum stay on either
// (the unit's binds every rate of it). No refetch:
// the window subscription brings the change back, to this user and everyone else looking.
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'next-i18next/pages';
import { toast } from 'react-toastify';
import { useWrite } from '@/components/form/useWrite';
import { isoFromDay, type DayNumber } from '@/domain/pricing';
import type { ArrivalDeparture } from '../bulkEdit';
import { SetRateDatesArrivalDepartureDocument } from '../graphql/setRateDatesArrivalDeparture.generated';
import { SetRateDatesPriceDocument } from '../graphql/setRateDatesPrice.generated';
import { SetUnitDatesClosedDocument } from '../graphql/setUnitDatesClosed.generated';
import { SetRateDatesMaxStayDocument } from '../graphql/setRateDatesMaxStay.generated';
import { SetRateDatesMinStayDocument } from '../graphql/setRateDatesMinStay.generated';
import { SetUnitDatesMaxStayDocument } from '../graphql/setUnitDatesMaxStay.generated';
import { SetUnitDatesMinStayDocument } from '../graphql/setUnitDatesMinStay.generated';

function nights(from: DayNumber, to: DayNumber): string[] {
  const out: string[] = [];
  for (let d = from; d < to; d += 1) out.push(isoFromDay(d));
  return out;
}

export function useCalendarEdits() {
  const save = useWrite();
  const { t } = useTranslation('calendar');
  // The calendar has no form field for a refusal the database names (too many nights, nights out
  // of the editable range): it shows it as the toast of the failed write, translated.
  const write = async (action: () => Promise<unknown>) => {
    const result = await save(action);
    if (result !== null && result !== 'failed') toast.error(t(result.messageKey));
    return result;
  };
  const [setClosed] = useMutation(SetUnitDatesClosedDocument);
  const [setUnitMinStay] = useMutation(SetUnitDatesMinStayDocument);
  const [setUnitMaxStay] = useMutation(SetUnitDatesMaxStayDocument);
  const [setRateMinStay] = useMutation(SetRateDatesMinStayDocument);
  const [setRateMaxStay] = useMutation(SetRateDatesMaxStayDocument);
  const [setPrice] = useMutation(SetRateDatesPriceDocument);
  const [setArrivalDeparture] = useMutation(SetRateDatesArrivalDepartureDocument);
  return {
    setClosed: (unitId: string, from: DayNumber, to: DayNumber, closed: boolean) =>
      write(() => setClosed({ variables: { objects: nights(from, to).map((date) => ({ unit_id: unitId, date, is_closed: closed })) } })),
    /** A minimum or maximum stay on the unit's nights (rateId null) or on one rate's; null clears it. */
    setStayLimit: (kind: 'minStay' | 'maxStay', unitId: string, rateId: string | null, from: DayNumber, to: DayNumber, value: number | null) => {
      const dates = nights(from, to);
      const column = kind === 'minStay' ? { min_stay: value } : { max_stay: value };
      if (rateId === null) {
        const objects = dates.map((date) => ({ unit_id: unitId, date, ...column }));
        return write(() => (kind === 'minStay' ? setUnitMinStay({ variables: { objects } }) : setUnitMaxStay({ variables: { objects } })));
      }
      const objects = dates.map((date) => ({ rate_id: rateId, date, ...column }));
      return write(() => (kind === 'minStay' ? setRateMinStay({ variables: { objects } }) : setRateMaxStay({ variables: { objects } })));
    },
    /** Price in major units of the rate's currency; null returns the nights to the rate's own price. */
    setPrice: (rateId: string, from: DayNumber, to: DayNumber, price: number | null) =>
      write(() => setPrice({ variables: { objects: nights(from, to).map((date) => ({ rate_id: rateId, date, price })) } })),
    /** Closed to arrival / departure on a rate's nights; a null side is left as it is. */
    setArrivalDeparture: (rateId: string, from: DayNumber, to: DayNumber, { closedToArrival, closedToDeparture }: ArrivalDeparture) => {
      const dates = nights(from, to);
      return write(() =>
        setArrivalDeparture({
          variables: {
            arrival: closedToArrival === null ? [] : dates.map((date) => ({ rate_id: rateId, date, closed_to_arrival: closedToArrival })),
            departure: closedToDeparture === null ? [] : dates.map((date) => ({ rate_id: rateId, date, closed_to_departure: closedToDeparture })),
          },
        }),
      );
    },
  };
}
