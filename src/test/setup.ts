// Shared setup for component tests (jsdom): unmount rendered trees after each test.
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());
