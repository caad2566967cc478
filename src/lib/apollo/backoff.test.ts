import { describe, expect, it } from 'vitest';
import { reconnectDelayMs, WS_RETRY_ATTEMPTS } from './backoff';
import { isFatalCloseCode, shouldRetryRealtime } from './closeCodes';

describe('realtime reconnect', () => {
  it('waits 1000 ms x 2^attempt plus up to 3000 ms of jitter', () => {
    expect(reconnectDelayMs(0, 0)).toBe(1000);
    expect(reconnectDelayMs(1, 0)).toBe(2000);
    expect(reconnectDelayMs(3, 0.5)).toBe(8000 + 1500);
    expect(reconnectDelayMs(2, 0.9999)).toBe(4000 + 2999);
    expect(WS_RETRY_ATTEMPTS).toBe(100);
  });

  it('treats the protocol errors and abnormal 1xxx codes as fatal', () => {
    for (const code of [4400, 4401, 4406, 4409, 4429, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1015, 1999]) {
      expect(isFatalCloseCode(code), String(code)).toBe(true);
    }
  });

  it('retries normal closures, going away, server restarts, timeouts and the client restart', () => {
    for (const code of [1000, 1001, 1005, 1006, 1012, 1013, 1014, 4205, 4403, 4408, 4500, 4504, 4005, 4004]) {
      expect(isFatalCloseCode(code), String(code)).toBe(false);
    }
  });

  it('always retries errors that carry no close code', () => {
    expect(shouldRetryRealtime(new Error('socket hang up'))).toBe(true);
    expect(shouldRetryRealtime({ code: 4401, reason: 'Unauthorized' })).toBe(false);
    expect(shouldRetryRealtime({ code: 1006 })).toBe(true);
  });
});
