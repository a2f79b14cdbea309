import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { newsletterProviderRules } from './newsletter/providers';

const newsletterProviders = newsletterProviderRules;

function load(env: Record<string, string>) {
  const warnings: string[] = [];
  const config = loadConfig(env, (message) => warnings.push(message), { newsletterProviders });
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
      'NEWSLETTER_PROVIDER',
      'JOBS_FEED_URL',
      'JOB_ALERTS_PER_MINUTE',
      'METRICS_TOKEN',
      'TLS_CERTIFICATE_FILE',
      'CMS_BACKEND',
    ]);
    expect(config.jobsFeed).toBeNull();
    expect(config.newsletterProvider).toBeNull();
    expect(config.analytics).toBeNull();
    expect(warnings[0]).toBe('PORT is not set; using 8080.');
  });

  it('derives SITE_URL from PORT and strips a trailing slash', () => {
    expect(load({ PORT: '3000' }).config.siteUrl).toBe('http://localhost:3000');
    expect(load({ SITE_URL: 'https://www.example.com/' }).config.siteUrl).toBe('https://www.example.com');
  });

  it('reads ALLOWED_ORIGINS as origins, the way browsers send them', () => {
    const { config } = load({
      ALLOWED_ORIGINS: 'https://Westbridge.example/, http://localhost:5173 ,https://shop.westbridge.example:443',
    });
    expect(config.allowedOrigins).toEqual([
      'https://westbridge.example',
      'http://localhost:5173',
      'https://shop.westbridge.example',
    ]);
    expect(load({}).config.allowedOrigins).toEqual([]);
    expect(load({}).warnings).toContain(
      'ALLOWED_ORIGINS is not set; using only http://localhost:8080 (SITE_URL) for form posts.',
    );
  });

  it('reads ANALYTICS_SCRIPT_URL with the ANALYTICS_PROVIDER it is', () => {
    const matomo = load({
      ANALYTICS_SCRIPT_URL: 'https://stats.westbridge.example/js/container_Ab12.js',
      ANALYTICS_PROVIDER: ' Matomo ',
    });
    expect(matomo.config.analytics).toEqual({
      provider: 'matomo',
      scriptUrl: 'https://stats.westbridge.example/js/container_Ab12.js',
      integrity: null,
    });
    expect(matomo.warnings.map((warning) => warning.split(' ')[0])).toContain('ANALYTICS_SCRIPT_INTEGRITY');
    const google = load({
      ANALYTICS_SCRIPT_URL: 'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF',
      ANALYTICS_PROVIDER: 'google',
    });
    expect(google.config.analytics?.provider).toBe('google');
    for (const provider of ['matomo-cloud', 'plausible']) {
      expect(
        load({ ANALYTICS_SCRIPT_URL: 'https://plausible.io/js/script.js', ANALYTICS_PROVIDER: provider }).config
          .analytics?.provider,
      ).toBe(provider);
    }
  });

  it('reads ANALYTICS_SCRIPT_INTEGRITY, one digest or several', () => {
    const analytics = { ANALYTICS_SCRIPT_URL: 'https://stats.example/script.js', ANALYTICS_PROVIDER: 'plausible' };
    const sha256 = `sha256-${'a'.repeat(43)}=`;
    const sha512 = `sha512-${'B/+9'.repeat(22)}`;
    expect(load({ ...analytics, ANALYTICS_SCRIPT_INTEGRITY: ` ${sha256} ` }).config.analytics?.integrity).toBe(sha256);
    expect(load({ ...analytics, ANALYTICS_SCRIPT_INTEGRITY: `${sha256}  ${sha512}` }).config.analytics?.integrity).toBe(
      `${sha256} ${sha512}`,
    );
    expect(load(analytics).config.analytics?.integrity).toBeNull();
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
  });

  it('says at start that /metrics takes the token alone behind a proxy', () => {
    const metricsWarning = (env: Record<string, string>) =>
      load(env).warnings.find((warning) => warning.startsWith('METRICS_TOKEN'));
    expect(metricsWarning({})).toBe(
      'METRICS_TOKEN is not set; using GET /metrics for this machine only (loopback, not proxied).',
    );
    expect(metricsWarning({ HOST: '127.0.0.1', TRUST_PROXY: '1' })).toBe(
      'METRICS_TOKEN is not set; using no GET /metrics at all: behind a proxy (TRUST_PROXY) it answers only METRICS_TOKEN as bearer token, so Prometheus cannot scrape this instance.',
    );
  });

  it('reads TRUST_PROXY as documented: a number is hops, addresses are proxies, true is spelled out', () => {
    const local = { HOST: '127.0.0.1' };
    expect(load({ ...local, TRUST_PROXY: '1' }).config.trustProxy).toBe(1);
    expect(load({ ...local, TRUST_PROXY: '2' }).config.trustProxy).toBe(2);
    expect(load({ ...local, TRUST_PROXY: 'true' }).config.trustProxy).toBe(true);
    expect(load({ HOST: '::1', TRUST_PROXY: 'True' }).config.trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: '0' }).config.trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: 'false' }).config.trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '2001:db8::7, 192.0.2.0/24' }).config.trustProxy).toEqual([
      '2001:db8::7',
      '192.0.2.0/24',
    ]);
    for (const value of ['yes', '1.5', '10.0.0.0/33', 'nginx', '10.0.0.1/8/9']) {
      expect(() => load({ ...local, TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY must be true, false, a number/);
    }
  });

  it('refuses to trust X-Forwarded-For from hops on an address clients can reach, unless the proxies are named', () => {
    const publicBinds: Record<string, string>[] = [
      { TRUST_PROXY: '1' },
      { TRUST_PROXY: 'true', HOST: '0.0.0.0' },
      { TRUST_PROXY: '1', HOST: '::' },
    ];
    for (const env of publicBinds) {
      expect(() => load(env), JSON.stringify(env)).toThrow(
        /^TRUST_PROXY=(1|true) takes the client's address from X-Forwarded-For, but HOST=(0\.0\.0\.0|::) lets clients reach this instance directly and claim any address: set HOST=127\.0\.0\.1/,
      );
    }
    expect(load({ TRUST_PROXY: '10.0.0.2', HOST: '0.0.0.0' }).config.trustProxy).toEqual(['10.0.0.2']);
    expect(load({ TRUST_PROXY: '1', HOST: 'localhost' }).config.trustProxy).toBe(1);
    // Writing the page files listens nowhere: the settings file every instance shares has no HOST.
    expect(loadConfig({ TRUST_PROXY: '1' }, () => {}, { listens: false, newsletterProviders }).trustProxy).toBe(1);
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
    [
      {
        ANALYTICS_SCRIPT_URL: 'https://stats.example/script.js',
        ANALYTICS_PROVIDER: 'matomo',
        ANALYTICS_SCRIPT_INTEGRITY: 'md5-abc',
      },
      /ANALYTICS_SCRIPT_INTEGRITY must be sha256-/,
    ],
    [
      {
        ANALYTICS_SCRIPT_URL: 'https://stats.example/script.js',
        ANALYTICS_PROVIDER: 'matomo',
        ANALYTICS_SCRIPT_INTEGRITY: 'sha384-tooShort',
      },
      /ANALYTICS_SCRIPT_INTEGRITY must be/,
    ],
    [
      {
        ANALYTICS_SCRIPT_URL: 'https://stats.example/script.js',
        ANALYTICS_PROVIDER: 'matomo',
        ANALYTICS_SCRIPT_INTEGRITY: '"sha384-sha384-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=="',
      },
      /ANALYTICS_SCRIPT_INTEGRITY must be/,
    ],
    [
      { ANALYTICS_SCRIPT_URL: 'https://stats.example/script.js' },
      /ANALYTICS_SCRIPT_URL is set, but ANALYTICS_PROVIDER is not: set it to matomo, matomo-cloud, plausible, google/,
    ],
    [
      { ANALYTICS_SCRIPT_URL: 'https://stats.example/script.js', ANALYTICS_PROVIDER: 'piwik' },
      /ANALYTICS_PROVIDER must be matomo, matomo-cloud, plausible, google or unset, got "piwik"/,
    ],
    [{ ANALYTICS_PROVIDER: 'plausible' }, /ANALYTICS_PROVIDER is set but ANALYTICS_SCRIPT_URL is not/],
    [
      { ANALYTICS_SCRIPT_URL: 'https://www.googletagmanager.com/gtag/js', ANALYTICS_PROVIDER: 'google' },
      /ANALYTICS_SCRIPT_URL for google must be the Google tag with its measurement id/,
    ],
    [
      { ANALYTICS_SCRIPT_INTEGRITY: 'sha384-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==' },
      /ANALYTICS_SCRIPT_INTEGRITY is set but ANALYTICS_SCRIPT_URL is not/,
    ],
  ])('stops on a malformed setting %o', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });

  describe('newsletter provider', () => {
    const mailchimpKey = '0123456789abcdef0123456789abcdef-us21';

    it('takes each provider with its documented API address, warning only about a defaulted URL', () => {
      const brevo = load({
        NEWSLETTER_PROVIDER: 'brevo',
        NEWSLETTER_PROVIDER_KEY: 'xkeysib-secret',
        NEWSLETTER_PROVIDER_LIST: '7',
        NEWSLETTER_TRACKING: 'anonymous',
      });
      expect(brevo.config.newsletterProvider).toEqual({
        name: 'brevo',
        key: 'xkeysib-secret',
        list: '7',
        url: 'https://api.brevo.com/v3',
        tracking: 'anonymous',
      });
      expect(brevo.warnings).toContain('NEWSLETTER_PROVIDER_URL is not set; using https://api.brevo.com/v3.');
      expect(brevo.warnings.join('\n')).not.toContain('xkeysib-secret');

      const mailchimp = load({
        NEWSLETTER_PROVIDER: 'Mailchimp',
        NEWSLETTER_PROVIDER_KEY: mailchimpKey,
        NEWSLETTER_PROVIDER_LIST: 'a1b2c3d4e5',
        NEWSLETTER_TRACKING: 'individual',
      });
      expect(mailchimp.config.newsletterProvider).toEqual({
        name: 'mailchimp',
        key: mailchimpKey,
        list: 'a1b2c3d4e5',
        url: 'https://us21.api.mailchimp.com/3.0',
        tracking: 'individual',
      });

      const listmonk = load({
        NEWSLETTER_PROVIDER: 'listmonk',
        NEWSLETTER_PROVIDER_KEY: 'website:s3cret',
        NEWSLETTER_PROVIDER_LIST: '3',
        NEWSLETTER_PROVIDER_URL: 'https://lists.westbridge.example/api/',
        NEWSLETTER_TRACKING: 'Off',
      });
      expect(listmonk.config.newsletterProvider).toEqual({
        name: 'listmonk',
        key: 'website:s3cret',
        list: '3',
        url: 'https://lists.westbridge.example/api',
        tracking: 'off',
      });
      expect(listmonk.warnings.filter((warning) => warning.startsWith('NEWSLETTER'))).toEqual([]);
      expect(
        load({
          NEWSLETTER_PROVIDER: 'brevo',
          NEWSLETTER_PROVIDER_KEY: 'k',
          NEWSLETTER_PROVIDER_LIST: '7',
          NEWSLETTER_PROVIDER_URL: 'http://127.0.0.1:9000/v3',
          NEWSLETTER_TRACKING: 'anonymous',
        }).config.newsletterProvider?.url,
      ).toBe('http://127.0.0.1:9000/v3');
    });

    it('takes NEWSLETTER_TRACKING where the site offers that setting with the provider', () => {
      const settings = { NEWSLETTER_PROVIDER_KEY: 'website:s3cret', NEWSLETTER_PROVIDER_LIST: '3' };
      const listmonk = {
        ...settings,
        NEWSLETTER_PROVIDER: 'listmonk',
        NEWSLETTER_PROVIDER_URL: 'https://l.example/api',
      };
      expect(load({ ...listmonk, NEWSLETTER_TRACKING: 'anonymous' }).config.newsletterProvider?.tracking).toBe(
        'anonymous',
      );
      expect(
        load({
          NEWSLETTER_PROVIDER: 'mailchimp',
          NEWSLETTER_PROVIDER_KEY: mailchimpKey,
          NEWSLETTER_PROVIDER_LIST: 'a1',
          NEWSLETTER_TRACKING: 'off',
        }).config.newsletterProvider?.tracking,
      ).toBe('off');
    });

    it.each([
      [{ NEWSLETTER_TRACKING: 'off' }, /NEWSLETTER_TRACKING is set but NEWSLETTER_PROVIDER is not/],
      [
        { NEWSLETTER_PROVIDER: 'brevo', NEWSLETTER_PROVIDER_KEY: 'xkeysib-secret', NEWSLETTER_PROVIDER_LIST: '7' },
        /NEWSLETTER_PROVIDER is brevo but NEWSLETTER_TRACKING is not set: set it to what brevo is set up to record of opens and clicks \(anonymous\)/,
      ],
      [
        {
          NEWSLETTER_PROVIDER: 'brevo',
          NEWSLETTER_PROVIDER_KEY: 'xkeysib-secret',
          NEWSLETTER_PROVIDER_LIST: '7',
          NEWSLETTER_TRACKING: 'individual',
        },
        /NEWSLETTER_TRACKING=individual is not a setting the site offers with brevo: it can be anonymous \(brevo cannot honour a subscriber's refusal of per-person tracking per contact\)/,
      ],
      [
        {
          NEWSLETTER_PROVIDER: 'listmonk',
          NEWSLETTER_PROVIDER_KEY: 'website:s3cret',
          NEWSLETTER_PROVIDER_LIST: '3',
          NEWSLETTER_PROVIDER_URL: 'https://l.example/api',
          NEWSLETTER_TRACKING: 'individual',
        },
        /NEWSLETTER_TRACKING=individual is not a setting the site offers with listmonk: it can be anonymous or off/,
      ],
      [
        {
          NEWSLETTER_PROVIDER: 'mailchimp',
          NEWSLETTER_PROVIDER_KEY: mailchimpKey,
          NEWSLETTER_PROVIDER_LIST: 'a1',
          NEWSLETTER_TRACKING: 'anonymous',
        },
        /NEWSLETTER_TRACKING=anonymous is not a setting the site offers with mailchimp: it can be individual or off/,
      ],
      [
        {
          NEWSLETTER_PROVIDER: 'brevo',
          NEWSLETTER_PROVIDER_KEY: 'k',
          NEWSLETTER_PROVIDER_LIST: '7',
          NEWSLETTER_TRACKING: 'some',
        },
        /NEWSLETTER_TRACKING must be individual, anonymous, off or unset, got "some"/,
      ],
      [{ NEWSLETTER_PROVIDER_KEY: 'xkeysib-secret' }, /NEWSLETTER_PROVIDER_KEY is set but NEWSLETTER_PROVIDER is not/],
      [
        { NEWSLETTER_PROVIDER_LIST: '7', NEWSLETTER_PROVIDER_URL: 'https://api.brevo.com/v3' },
        /NEWSLETTER_PROVIDER_LIST, NEWSLETTER_PROVIDER_URL are set but NEWSLETTER_PROVIDER is not/,
      ],
      [
        { NEWSLETTER_PROVIDER: 'sendgrid', NEWSLETTER_PROVIDER_KEY: 'SG.secret', NEWSLETTER_PROVIDER_LIST: '7' },
        /NEWSLETTER_PROVIDER must be brevo, mailchimp, listmonk or unset/,
      ],
      [
        { NEWSLETTER_PROVIDER: 'brevo', NEWSLETTER_PROVIDER_LIST: '7' },
        /NEWSLETTER_PROVIDER_KEY \(its API key\) is not set/,
      ],
      [
        { NEWSLETTER_PROVIDER: 'brevo', NEWSLETTER_PROVIDER_KEY: 'xkeysib-secret' },
        /NEWSLETTER_PROVIDER_LIST \(the list subscribers join\) is not set/,
      ],
      [
        {
          NEWSLETTER_PROVIDER: 'brevo',
          NEWSLETTER_PROVIDER_KEY: 'xkeysib-secret',
          NEWSLETTER_PROVIDER_LIST: 'Newsletter',
        },
        /a brevo list id \(a whole number\), got "Newsletter"/,
      ],
      [
        {
          NEWSLETTER_PROVIDER: 'mailchimp',
          NEWSLETTER_PROVIDER_KEY: mailchimpKey,
          NEWSLETTER_PROVIDER_LIST: 'a1b2-c3',
        },
        /a Mailchimp audience id/,
      ],
      [
        {
          NEWSLETTER_PROVIDER: 'mailchimp',
          NEWSLETTER_PROVIDER_KEY: 'xkeysib-secret0',
          NEWSLETTER_PROVIDER_LIST: 'a1b2c3d4e5',
        },
        /does not end in a Mailchimp data centre/,
      ],
      [
        { NEWSLETTER_PROVIDER: 'listmonk', NEWSLETTER_PROVIDER_KEY: 'website:s3cret', NEWSLETTER_PROVIDER_LIST: '3' },
        /listmonk but NEWSLETTER_PROVIDER_URL is not set/,
      ],
      [
        {
          NEWSLETTER_PROVIDER: 'listmonk',
          NEWSLETTER_PROVIDER_KEY: 'xkeysib-secret',
          NEWSLETTER_PROVIDER_LIST: '3',
          NEWSLETTER_PROVIDER_URL: 'https://l.example/api',
        },
        /api_user:token/,
      ],
      [
        {
          NEWSLETTER_PROVIDER: 'brevo',
          NEWSLETTER_PROVIDER_KEY: 'xkeysib-secret',
          NEWSLETTER_PROVIDER_LIST: '7',
          NEWSLETTER_PROVIDER_URL: 'http://api.brevo.com/v3',
        },
        /must start with https:\/\//,
      ],
      [
        {
          NEWSLETTER_PROVIDER: 'brevo',
          NEWSLETTER_PROVIDER_KEY: 'xkeysib-secret',
          NEWSLETTER_PROVIDER_LIST: '7',
          NEWSLETTER_PROVIDER_URL: 'ftp://api.brevo.com',
        },
        /NEWSLETTER_PROVIDER_URL must start with https:/,
      ],
      [
        { NEWSLETTER_PROVIDER: 'brevo', NEWSLETTER_PROVIDER_KEY: 'xkeysib secret', NEWSLETTER_PROVIDER_LIST: '7' },
        /must not contain spaces/,
      ],
    ] as [Record<string, string>, RegExp][])(
      'stops on the malformed combination %o, without printing the key',
      (env, message) => {
        let error: unknown;
        try {
          load(env);
        } catch (caught) {
          error = caught;
        }
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as Error).message).toMatch(message);
        const key = env.NEWSLETTER_PROVIDER_KEY;
        if (key) expect((error as Error).message).not.toContain(key);
      },
    );
  });
});
