import { describe, expect, it } from 'vitest';
import { clearCookies, cookieDomains } from './consent-cookies';

describe('cookieDomains', () => {
  it('lists the host and its parent domains, never a bare top-level domain', () => {
    expect(cookieDomains('www.westbridge.example')).toEqual(['www.westbridge.example', 'westbridge.example']);
    expect(cookieDomains('westbridge.de')).toEqual(['westbridge.de']);
  });

  it('has none for IP addresses and single-label hosts', () => {
    expect(cookieDomains('127.0.0.1')).toEqual([]);
    expect(cookieDomains('::1')).toEqual([]);
    expect(cookieDomains('localhost')).toEqual([]);
  });
});

describe('clearCookies', () => {
  it('deletes the cookies whose names match and keeps the others', () => {
    document.cookie = '_pk_id.1.abcd=visitor; path=/';
    document.cookie = '_pk_ses.1.abcd=1; path=/';
    document.cookie = 'i18next=en; path=/';
    clearCookies([/^_pk_/]);
    expect(document.cookie).toBe('i18next=en');
  });
});
