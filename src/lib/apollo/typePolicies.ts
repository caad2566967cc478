// Cache identity of the server entities (SPEC 3 table). Everything else is identified by its
// type name plus `id` or `_id`, which is Apollo's default.
import type { TypePolicies } from '@apollo/client';
import { threadsFieldPolicy } from './threadsPolicy';

export const ENTITY_KEY_FIELDS: Readonly<Record<string, readonly string[]>> = {
  unit_dates: ['unit_id', 'date'],
  user_groups: ['user_id', 'group_id', 'role_cd'],
  rate_dates: ['rate_id', 'date'],
  dates: ['date'],
  unit_2_users: ['unit_id', 'user_id', 'connection_type'],
  unit_contractors: ['unit_id', 'contractor_id', 'contractor_type_cd'],
  review_scores: ['category_cd', 'review_id'],
  thread_2_accommodations: ['thread_id', 'accommodation_id'],
  thread_2_bookings: ['thread_id', 'booking_id'],
  unit_keys: ['key_id', 'unit_id'],
  key_reads: ['key_id', 'role_cd'],
  key_writes: ['key_id', 'role_cd'],
  key_types: ['value'],
  airbnb_units: ['unit_id', 'airbnb_id'],
  owner_ranges: ['owner_id', 'from'],
  inspection_checks: ['inspection_id', 'check_id'],
  inspection_files: ['inspection_id', 'file_id'],
  accommodation_files: ['accommodation_id', 'file_id'],
};

export function buildTypePolicies(): TypePolicies {
  const policies: TypePolicies = {
    Query: { fields: { threads: threadsFieldPolicy } },
  };
  for (const [typename, keyFields] of Object.entries(ENTITY_KEY_FIELDS)) {
    policies[typename] = { keyFields: [...keyFields] };
  }
  return policies;
}

