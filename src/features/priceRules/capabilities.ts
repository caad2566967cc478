// Who may change price rules and their assignments, mirroring metadata: the office (member; admin is
// Hasura's superuser) edits rules and assigns them anywhere; managers assign the office's rules to
// the rates of accommodations they manage but never edit a rule, since one rule prices every rate it
// is assigned to, other managers' included. Communicators and owners only read.
import type { AppRole } from '@/features/shell';

export function canEditPriceRules(role: AppRole | null): boolean {
  return role === 'admin' || role === 'member';
}

export function canAssignPriceRules(role: AppRole | null): boolean {
  return canEditPriceRules(role) || role === 'manager';
}
