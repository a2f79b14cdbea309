/**
 * The editor at /admin/ (docs/editing.md): which Git host it saves to, the repository, the
 * branch the site is built from and where an editor signs in. Deployment settings, read at
 * start with the others (server/config.ts); unset, /admin/ says that editing is not set up.
 * The same shape reaches the admin page, which hands it to Decap CMS (decapBackend).
 */

/**
 * The Git hosts the editor can save to, as Decap names its backends. `forgejo` serves Forgejo
 * and Gitea (Decap's own Gitea backend has no editorial workflow); `proxy` is decap-server on
 * this machine, for local editing and the tests, never production.
 */
export const cmsBackends = ['github', 'gitlab', 'forgejo', 'proxy'] as const;
export type CmsBackendName = (typeof cmsBackends)[number];

export interface CmsSettings {
  /** CMS_BACKEND */
  backend: CmsBackendName;
  /** CMS_REPOSITORY: `owner/name` on the Git host; null for `proxy` (decap-server's own clone). */
  repository: string | null;
  /** CMS_BRANCH: the branch the site is published from (default `main`). */
  branch: string;
  /** CMS_AUTH_URL: where an editor signs in: GitHub's OAuth proxy, GitLab's address; null where the host derives it. */
  authUrl: string | null;
  /** CMS_API_URL: the host's API (GitHub Enterprise, GitLab or Forgejo on the company's server, decap-server). */
  apiUrl: string | null;
  /** CMS_APP_ID: the OAuth application's client id (GitLab, Forgejo/Gitea; sign-in with PKCE, no secret). */
  appId: string | null;
}

/** The names of the settings, as the environment spells them. */
export const cmsSettingNames = [
  'CMS_BACKEND',
  'CMS_REPOSITORY',
  'CMS_BRANCH',
  'CMS_AUTH_URL',
  'CMS_API_URL',
  'CMS_APP_ID',
] as const;

const repositoryPattern = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)+$/;
const branchPattern = /^(?!-)(?!.*\.\.)[A-Za-z0-9._/-]{1,100}$/;

function httpAddress(name: string, value: string, loopbackMayBeHttp: boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an address (https://…), not "${value}"`);
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && (loopback || loopbackMayBeHttp))) {
    throw new Error(`${name} must be an https:// address (http:// only on this machine), not "${value}"`);
  }
  if (url.username || url.password) throw new Error(`${name} must not hold a user name or password`);
  return value.replace(/\/+$/, '');
}

/**
 * The editor's settings from the environment, or null when CMS_BACKEND is unset. A setting that
 * is malformed, or missing for the chosen host, throws an Error that names it.
 */
export function cmsSettingsFrom(env: Readonly<Record<string, string | undefined>>): CmsSettings | null {
  const value = (name: (typeof cmsSettingNames)[number]) => {
    const raw = env[name]?.trim();
    return raw ? raw : null;
  };
  const backend = value('CMS_BACKEND');
  if (backend === null) {
    const stray = cmsSettingNames.filter((name) => name !== 'CMS_BACKEND' && value(name) !== null);
    if (stray.length > 0) throw new Error(`${stray.join(', ')} set without CMS_BACKEND (${cmsBackends.join(', ')})`);
    return null;
  }
  if (!(cmsBackends as readonly string[]).includes(backend)) {
    throw new Error(`CMS_BACKEND must be one of ${cmsBackends.join(', ')}, not "${backend}"`);
  }
  const name = backend as CmsBackendName;
  const repository = value('CMS_REPOSITORY');
  if (name !== 'proxy' && repository === null)
    throw new Error(`CMS_REPOSITORY (owner/name) is required with CMS_BACKEND=${name}`);
  if (repository !== null && !repositoryPattern.test(repository)) {
    throw new Error(`CMS_REPOSITORY must be owner/name, not "${repository}"`);
  }
  const branch = value('CMS_BRANCH') ?? 'main';
  if (!branchPattern.test(branch)) throw new Error(`CMS_BRANCH is no branch name: "${branch}"`);
  const authUrl = value('CMS_AUTH_URL');
  const apiUrl = value('CMS_API_URL');
  const appId = value('CMS_APP_ID');
  if (name === 'github' && authUrl === null) {
    throw new Error('CMS_AUTH_URL (the OAuth proxy editors sign in through) is required with CMS_BACKEND=github');
  }
  if ((name === 'gitlab' || name === 'forgejo') && appId === null) {
    throw new Error(`CMS_APP_ID (the OAuth application's client id) is required with CMS_BACKEND=${name}`);
  }
  if ((name === 'forgejo' || name === 'proxy') && apiUrl === null) {
    throw new Error(`CMS_API_URL is required with CMS_BACKEND=${name}`);
  }
  if (appId !== null && !/^[\w.-]{1,200}$/.test(appId)) throw new Error('CMS_APP_ID holds characters no client id has');
  return {
    backend: name,
    repository: name === 'proxy' ? null : repository,
    branch,
    authUrl: authUrl === null ? null : httpAddress('CMS_AUTH_URL', authUrl, false),
    apiUrl: apiUrl === null ? null : httpAddress('CMS_API_URL', apiUrl, false),
    appId,
  };
}

/** Decap's `backend` configuration for the settings (decap-cms-core's CmsBackend). */
export function decapBackend(settings: CmsSettings): Record<string, string> {
  const common = { name: settings.backend, branch: settings.branch };
  const optional = (entries: [string, string | null][]) =>
    Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== null));
  switch (settings.backend) {
    case 'github':
      return {
        ...common,
        repo: settings.repository ?? '',
        ...optional([
          ['base_url', settings.authUrl],
          ['api_root', settings.apiUrl],
        ]),
      };
    case 'gitlab':
      return {
        ...common,
        repo: settings.repository ?? '',
        auth_type: 'pkce',
        ...optional([
          ['app_id', settings.appId],
          ['base_url', settings.authUrl],
          ['api_root', settings.apiUrl],
        ]),
      };
    case 'forgejo':
      return {
        ...common,
        repo: settings.repository ?? '',
        ...optional([
          ['app_id', settings.appId],
          ['api_root', settings.apiUrl],
        ]),
      };
    case 'proxy':
      return { ...common, proxy_url: settings.apiUrl ?? '' };
  }
}

/** Where the editor's page connects to: the API and, for GitLab's sign-in, the host that issues the token. */
export function cmsConnectSources(settings: CmsSettings): string[] {
  const defaults: Record<CmsBackendName, string | null> = {
    github: 'https://api.github.com',
    gitlab: 'https://gitlab.com',
    forgejo: null,
    proxy: null,
  };
  const addresses = [
    settings.apiUrl ?? defaults[settings.backend],
    settings.backend === 'gitlab' ? settings.authUrl : null,
  ];
  return [
    ...new Set(
      addresses.filter((address): address is string => address !== null).map((address) => new URL(address).origin),
    ),
  ];
}
