// Where the setup project keeps signed-in browser state for specs that start signed in.
export const MANAGER_STATE = 'test-results/.auth/manager.json';
