import { describe, expect, it } from 'vitest';
import { resolveNhostUrls, serviceUrlFromSubdomain } from './config';

describe('Nhost service URLs', () => {
  it('defaults to the embedded backend on localhost:1337', () => {
    expect(resolveNhostUrls({})).toEqual({
      authUrl: 'http://localhost:1337/v1/auth',
      graphqlUrl: 'http://localhost:1337/v1/graphql',
      storageUrl: 'http://localhost:1337/v1/storage',
      functionsUrl: 'http://localhost:1337/v1/functions',
    });
  });

  it('builds Nhost Cloud URLs from subdomain and region, production region by default', () => {
    expect(resolveNhostUrls({ NEXT_PUBLIC_NHOST_SUBDOMAIN: 'abcd', NEXT_PUBLIC_NHOST_REGION: 'eu-central-1' }).graphqlUrl).toBe(
      'https://abcd.graphql.eu-central-1.nhost.run/v1',
    );
    expect(serviceUrlFromSubdomain('auth', 'abcd', undefined)).toBe('https://abcd.auth.eu-central-1.nhost.run/v1');
    expect(serviceUrlFromSubdomain('storage', 'localhost:2001', undefined)).toBe('http://localhost:2001/v1/storage');
    expect(serviceUrlFromSubdomain('storage', 'local', undefined)).toBe('https://local.storage.local.nhost.run/v1');
  });

  it('lets explicit service URLs win and trims a trailing slash', () => {
    const urls = resolveNhostUrls({ NEXT_PUBLIC_NHOST_SUBDOMAIN: 'abcd', NEXT_PUBLIC_NHOST_AUTH_URL: 'http://localhost:1437/v1/auth/' });
    expect(urls.authUrl).toBe('http://localhost:1437/v1/auth');
    expect(urls.storageUrl).toBe('https://abcd.storage.eu-central-1.nhost.run/v1');
  });
});
