// Which node test files run in a fresh worker each (Vitest's default, `isolate: true`) and which
// share their worker with the files before them (`isolate: false`, project node-shared in
// vitest.config.mts): a shared worker loads the backend's modules (express, graphql, PGlite's
// loader, the auth contract, ...) once instead of once per file.
//
// A file may share only if it leaves nothing behind that the next file would see: it does not
// write process.env (most of those below set a secret or a switch for their functions and keep it),
// installs no fake timers or stubbed globals it does not undo, and registers no tests from the top
// level of a module another file imports too (a shared module runs once per worker: its second
// importer would get none; a suite is an exported function each file calls, as events.suite.ts). tests/isolation.test.ts checks the test files for these and fails with the file
// to add here.
export const ISOLATED_NODE_TESTS = [
  // A file that writes process.env (secrets, endpoints, switches of the functions it calls
  // in-process) sets them through tests/helpers/env.ts instead (put back when the file or the call
  // ends) and shares its worker.
  // 30 guest messages in parallel against one PGlite: its function calls timed out (load 24 on 2
  // cores, 2026-11-28) in a shared worker after four other backend files; kept in a worker of its
  // own until that is shown to be the load alone.
  'tests/integration/inbox-breakit.test.ts',
  // Listens for unhandled rejections while it cuts the events lock's connection 25 times (H3): any
  // other file's rejection in a shared worker would count as its own.
  'backend/events/eventsLock.attack2.postgres.test.ts',
  // Write process.env, and count "Sync now" in the function's in-memory windows (20 per user in 10
  // minutes, functions/ical/_lib/syncLimit.ts): in a shared worker one file's syncs would count
  // against the next file's user.
  'tests/integration/ical-scope.test.ts',
  'tests/integration/ical-sync.test.ts',
  // Mocks modules (vi.doMock of otplib and express-openapi-validator, failing their first load): the
  // mocks would stay for the files after it (the MFA routes' TOTP check, the auth contract check).
  'backend/lazy.test.ts',
  // Stub an environment variable (vi.stubEnv) read when a module loads.
  'backend/yamlCache.test.ts',
  // Times its own work against a bound (a blur on a 12-megapixel photo): in a shared worker an
  // earlier file's heap and sharp's threads counted against it (2.1-3.0 s vs 1.5 s alone).
  'backend/storage/limits.test.ts',
];

// The same for the component tests (jsdom): project dom shares its workers (`isolate: false`), so
// React, MUI, Apollo and the Nhost SDK load once per worker instead of once per file (a group of 16
// files: 130 -> 47 s of CPU). src/test/setup.ts clears what a file leaves in the shared window
// (storage, cookies, the URL, spies) after each file; these keep a worker of their own.
export const ISOLATED_DOM_TESTS = [
  // Mock modules (vi.mock): the mocks would stay for the files after them.
  'src/features/accommodations/components/AccommodationTable.links.test.tsx',
  'src/features/inbox/guest/MessageHostCard.test.tsx',
  'src/features/journey/staff/BookingJourneyPanel.test.tsx',
  'src/features/journey/views/JourneyPage.test.tsx',
  // Mock modules with vi.doMock (the session chunk failing its first download; the home page's chunks).
  'src/lib/nhost/SessionProvider.test.tsx',
  'src/features/shell/views/homePage.downloads.test.tsx',
  // And stubs IntersectionObserver before next/link loads (it checks for one once).
  'src/features/shell/views/HomeDashboard.test.tsx',
  'src/features/shell/components/AppShell.prefetch.test.tsx',
  'src/features/auth/views/SignInView.prefetch.test.tsx',
  'src/features/auth/views/accountScreens.prefetch.test.tsx',
  // Runs React on its own scheduler outside act() (hydration with a press while a part loads):
  // in a worker shared with the other dom files its hydration waited forever in some orders (the
  // full dom project in one run: 3 failures, at 0b6e4ab too; alone or beside any one file it passes).
  'src/lib/unhydratedPresses.test.tsx',
];
