// The signed-in user as the shell shows them: name, e-mail and product role.
import { useAuthenticationStatus, useUserData } from '@nhost/nextjs';
import { appRoleOf, type AppRole } from './roles';

export interface SessionUser {
  id: string;
  displayName: string;
  email: string | null;
  role: AppRole | null;
}

export function useSessionUser(): { isLoading: boolean; isAuthenticated: boolean; user: SessionUser | null } {
  const { isLoading, isAuthenticated } = useAuthenticationStatus();
  const data = useUserData();
  const user: SessionUser | null =
    isAuthenticated && data
      ? {
          id: data.id,
          displayName: data.displayName || data.email || '',
          email: data.email ?? null,
          role: appRoleOf(data),
        }
      : null;
  return { isLoading, isAuthenticated, user };
}
