// The staff pickers' server filter: property managers or cleaners whose name matches.
import type { staff_users_bool_exp } from '@/lib/graphql/schema.generated';

export function staffSearchWhere(kind: 'manager' | 'cleaner', pattern: string): staff_users_bool_exp {
  return { [kind === 'manager' ? 'is_manager' : 'is_cleaner']: { _eq: true }, display_name: { _ilike: pattern } };
}
