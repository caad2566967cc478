// The app shell's public entry: layouts for pages, the navigation data and the session user.
export { staffLayout } from './layouts';
export { lazyView } from './lazyView';
export { authLayout, plainLayout } from './lightLayouts';
export { NAV_AREAS, navigationFor, canOpen, type NavArea } from './navigation';
export { APP_ROLES, appRoleOf, type AppRole } from './roles';
export { useSessionUser, type SessionUser } from './useSessionUser';
