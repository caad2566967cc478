// The product's user roles (SPEC 1, 6) and how a signed-in user's role is read from the session:
// the default role the auth service puts in the token, else the first product role they hold.
export const APP_ROLES = ['admin', 'communicator', 'member', 'inspector', 'manager', 'cleaner', 'owner', 'contractor'] as const;
export type AppRole = (typeof APP_ROLES)[number];

export function isAppRole(value: unknown): value is AppRole {
  return typeof value === 'string' && (APP_ROLES as readonly string[]).includes(value);
}

/** The product role of a user, or null for an account no one has given a role yet (e.g. a fresh sign-up). */
export function appRoleOf(user: { defaultRole?: string | null; roles?: readonly string[] | null } | null | undefined): AppRole | null {
  if (!user) return null;
  if (isAppRole(user.defaultRole)) return user.defaultRole;
  return user.roles?.find(isAppRole) ?? null;
}
