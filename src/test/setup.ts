// Shared setup for component tests (jsdom): unmount rendered trees after each test.
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Component tests talk to a real embedded backend; under a loaded CI machine a round trip plus
// a refetch can take longer than Testing Library's 1 s default. A missing behaviour still fails,
// only after 5 s instead of 1 s.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
