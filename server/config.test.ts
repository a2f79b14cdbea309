import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function load(env: Record<string, string>) {
  const warnings: string[] = [];
  const config = loadConfig(env, (message) => warnings.push(message));
  return { config, warnings };
}

describe('loadConfig', () => {
  it('uses the documented defaults and warns once per missing setting', () => {
    const { config, warnings } = load({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      siteUrl: 'http://localhost:8080',
      database: { kind: 'sqlite' },
      smtpUrl: null,
      formRateLimit: 5,
      trustProxy: false,
    });
    expect(config.contactTo).toBe('info@westbridge.example');
    const names = warnings.map((warning) => warning.split(' ')[0]);
    expect(names).toEqual([
      'PORT',
      'HOST',
      'SITE_URL',
      'DATA_DIR',
      'DATABASE_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'CONTACT_TO',
      'FORM_RATE_LIMIT',
      'TRUST_PROXY',
      'ALLOWED_ORIGINS',
      'ANALYTICS_SCRIPT_URL',
      'ANALYTICS_SCRIPT_INTEGRITY',
    ]);
    expect(warnings[0]).toBe('PORT is not set; using 8080.');
  });

  it('derives SITE_URL from PORT and strips a trailing slash', () => {
    expect(load({ PORT: '3000' }).config.siteUrl).toBe('http://localhost:3000');
    expect(load({ SITE_URL: 'https://www.example.com/' }).config.siteUrl).toBe('https://www.example.com');
  });

  it('reads ALLOWED_ORIGINS as origins, the way browsers send them', () => {
    const { config } = load({ ALLOWED_ORIGINS: 'https://Westbridge.example/, http://localhost:5173 ,https://shop.westbridge.example:443' });
    expect(config.allowedOrigins).toEqual(['https://westbridge.example', 'http://localhost:5173', 'https://shop.westbridge.example']);
    expect(load({}).config.allowedOrigins).toEqual([]);
    expect(load({}).warnings).toContain('ALLOWED_ORIGINS is not set; using only http://localhost:8080 (SITE_URL) for form posts.');
  });

  it('reads ANALYTICS_SCRIPT_INTEGRITY, one digest or several', () => {
    const url = 'https://stats.example/script.js';
    const sha256 = `sha256-${'a'.repeat(43)}=`;
    const sha512 = `sha512-${'B/+9'.repeat(22)}`;
    expect(load({ ANALYTICS_SCRIPT_URL: url, ANALYTICS_SCRIPT_INTEGRITY: ` ${sha256} ` }).config.analyticsScriptIntegrity).toBe(sha256);
    expect(load({ ANALYTICS_SCRIPT_URL: url, ANALYTICS_SCRIPT_INTEGRITY: `${sha256}  ${sha512}` }).config.analyticsScriptIntegrity).toBe(`${sha256} ${sha512}`);
    expect(load({ ANALYTICS_SCRIPT_URL: url }).config.analyticsScriptIntegrity).toBeNull();
  });

  it('reads PostgreSQL, SMTP and proxy settings', () => {
    const { config } = load({
      DATABASE_URL: 'postgres://user:pw@db:5432/site',
      SMTP_URL: 'smtps://user:pw@mail.example.com:465',
      TRUST_PROXY: '10.0.0.1, 10.0.0.0/8',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://user:pw@db:5432/site' });
    expect(config.smtpUrl).toBe('smtps://user:pw@mail.example.com:465');
    expect(config.trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(load({ TRUST_PROXY: 'true' }).config.trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: '2' }).config.trustProxy).toBe(2);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be a whole number/],
    [{ DATABASE_URL: 'mysql://localhost/site' }, /DATABASE_URL must start with postgres:/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL is not a valid URL/],
    [{ SITE_URL: 'example.com' }, /SITE_URL is not a valid URL/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL must start with smtp:/],
    [{ FORM_RATE_LIMIT: '0' }, /FORM_RATE_LIMIT must be a whole number/],
    [{ CONTACT_TO: 'nobody' }, /CONTACT_TO is not an e-mail address/],
    [{ TRUST_PROXY: 'maybe?' }, /TRUST_PROXY must be/],
    [{ ALLOWED_ORIGINS: 'westbridge.example' }, /ALLOWED_ORIGINS is not a valid URL: "westbridge.example"/],
    [{ ALLOWED_ORIGINS: 'ftp://westbridge.example' }, /ALLOWED_ORIGINS must start with http:\/\/ or https:\/\//],
    [{ ALLOWED_ORIGINS: 'https://westbridge.example/contact' }, /ALLOWED_ORIGINS must list origins without path/],
    [{ ALLOWED_ORIGINS: 'https://westbridge.example?x=1' }, /ALLOWED_ORIGINS must list origins without path/],
    [{ ALLOWED_ORIGINS: 'https://user@westbridge.example' }, /ALLOWED_ORIGINS must list origins without path/],
    [{ ALLOWED_ORIGINS: ' , ' }, /ALLOWED_ORIGINS must list origins/],
    [{ ANALYTICS_SCRIPT_URL: 'https://stats.example/script.js', ANALYTICS_SCRIPT_INTEGRITY: 'md5-abc' }, /ANALYTICS_SCRIPT_INTEGRITY must be sha256-/],
    [{ ANALYTICS_SCRIPT_URL: 'https://stats.example/script.js', ANALYTICS_SCRIPT_INTEGRITY: 'sha384-tooShort' }, /ANALYTICS_SCRIPT_INTEGRITY must be/],
    [{ ANALYTICS_SCRIPT_URL: 'https://stats.example/script.js', ANALYTICS_SCRIPT_INTEGRITY: '"sha384-sha384-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=="' }, /ANALYTICS_SCRIPT_INTEGRITY must be/],
    [{ ANALYTICS_SCRIPT_INTEGRITY: 'sha384-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==' }, /ANALYTICS_SCRIPT_INTEGRITY is set, but ANALYTICS_SCRIPT_URL is not/],
  ])('stops on a malformed setting %o', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });
});
