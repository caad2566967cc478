// Who may change price rules and their assignments: the office (metadata gives insert/update/delete
// on price_rules and price_rule_assignments to member only; admin is Hasura's superuser).
// Managers and communicators read them.
import type { AppRole } from '@/features/shell';

export function canEditPriceRules(role: AppRole | null): boolean {
  return role === 'admin' || role === 'member';
}
