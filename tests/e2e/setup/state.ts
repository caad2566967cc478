// Where the setup project keeps signed-in browser state for specs that start signed in: inside
// this run's output folder (E2E_OUTPUT_DIR lets parallel runs keep theirs apart).
export const MANAGER_STATE = `${process.env.E2E_OUTPUT_DIR ?? 'test-results'}/.auth/manager.json`;
