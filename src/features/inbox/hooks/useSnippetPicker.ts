// The reply composer's snippets: every snippet name once, rendered on pick in the guest's language
// with what the thread knows (booking, unit, accommodation, readable fact-sheet keys, journey link).
import { useCallback, useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'next-i18next/pages';
import { pickLanguage, renderErrorText, renderSnippet, snippetContext, type RenderResult } from '@/domain/snippets';
import { SnippetsDocument } from '@/features/snippets/graphql/snippets.generated';
import { SnippetUnitKeysDocument } from '../graphql/unitKeys.generated';
import type { BookingRow } from '../types';

export function useSnippetPicker(booking: BookingRow | undefined, guestName: string | null) {
  const { t } = useTranslation('snippets');
  const snippets = useQuery(SnippetsDocument);
  const unitIds = useMemo(() => booking?.booked_units.map((b) => b.unit.id) ?? [], [booking]);
  const keys = useQuery(SnippetUnitKeysDocument, { variables: { unitIds }, skip: unitIds.length === 0 });
  const names = useMemo(() => [...new Set((snippets.data?.snippets ?? []).map((s) => s.name))], [snippets.data]);
  const language = booking?.language ?? 'en';

  const render = useCallback(
    (name: string): { text: string } | { error: string } => {
      const variant = pickLanguage((snippets.data?.snippets ?? []).filter((s) => s.name === name), language);
      if (!variant) return { error: t('errors.rendering', { name, message: '' }) };
      const keyValues: Record<string, string> = {};
      for (const k of keys.data?.unit_keys ?? []) keyValues[k.key.slug] ??= k.value;
      const origin = typeof window === 'undefined' ? '' : window.location.origin;
      const context = snippetContext(
        {
          guestName: booking?.customer_name ?? guestName,
          checkin: booking?.checkin,
          checkout: booking?.checkout,
          adults: booking?.adults,
          children: booking?.children,
          reference: booking?.ota_code,
          unitName: booking?.booked_units.map((b) => b.unit.name).join(', ') || undefined,
          accommodationName: booking?.accommodation.name,
          address: booking ? `${booking.accommodation.address}, ${booking.accommodation.zip} ${booking.accommodation.city}` : undefined,
          checkinTime: booking?.accommodation.checkin_time.slice(0, 5),
          checkoutTime: booking?.accommodation.checkout_time.slice(0, 5),
          journeyUrl: booking ? `${origin}/journey/${booking.journey_id}` : undefined,
          keys: keyValues,
        },
        variant.language,
      );
      const result: RenderResult = renderSnippet(variant, context);
      return result.ok ? { text: result.text } : { error: renderErrorText(t, result.error) };
    },
    [snippets.data, keys.data, booking, guestName, language, t],
  );

  return { names, render };
}
