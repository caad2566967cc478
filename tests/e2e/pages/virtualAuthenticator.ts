// A virtual WebAuthn authenticator in Chromium (DevTools protocol): a platform passkey that always
// verifies the user, so security-key ceremonies run end to end without a person touching a key.
import type { CDPSession, Page } from '@playwright/test';

export interface VirtualAuthenticator {
  /** The credentials the authenticator holds (rpId and whether each is discoverable). */
  credentials(): Promise<{ rpId?: string; isResidentCredential: boolean; signCount: number }[]>;
}

export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials;
    },
  };
}
