// Admin GraphQL for the inbox functions: one request per call, errors thrown with their code so
// a handler can tell a unique-key race (a duplicate delivery) from a real failure.
import { graphql } from '../../_pricing/graphql';

export class GraphqlFailure extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

export async function admin<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = await graphql<T>({ admin: true }, query, variables);
  if (answer.errors.length || !answer.data) {
    const first = answer.errors[0];
    throw new GraphqlFailure(first?.message ?? 'no data', first?.extensions?.code);
  }
  return answer.data;
}

/** Text as Postgres can store it: no NUL characters (they would fail the insert). */
export function storable(text: string): string {
  return text.split('\u0000').join('');
}

/** The booking reference guests see in e-mail subjects: SD- and the first 8 hex digits of the booking id. */
export function bookingReference(bookingId: string): string {
  return `SD-${bookingId.slice(0, 8).toUpperCase()}`;
}

export const BOOKING_REFERENCE = /\bSD-([0-9A-F]{8})\b/i;
