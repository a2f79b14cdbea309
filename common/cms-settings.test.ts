import { describe, expect, it } from 'vitest';
import { cmsConnectSources, cmsSettingsFrom, decapBackend } from './cms-settings';

describe('cmsSettingsFrom: the editor’s deployment settings', () => {
  it('is null without CMS_BACKEND, and refuses CMS settings given without it', () => {
    expect(cmsSettingsFrom({})).toBeNull();
    expect(() => cmsSettingsFrom({ CMS_REPOSITORY: 'a/b' })).toThrow('CMS_REPOSITORY set without CMS_BACKEND');
  });

  it('takes each host with what it needs, the branch main by default', () => {
    expect(
      cmsSettingsFrom({
        CMS_BACKEND: 'github',
        CMS_REPOSITORY: 'westbridge/site',
        CMS_AUTH_URL: 'https://auth.example/',
      }),
    ).toEqual({
      backend: 'github',
      repository: 'westbridge/site',
      branch: 'main',
      authUrl: 'https://auth.example',
      apiUrl: null,
      appId: null,
    });
    expect(
      cmsSettingsFrom({
        CMS_BACKEND: 'forgejo',
        CMS_REPOSITORY: 'web/site',
        CMS_API_URL: 'https://git.westbridge.example/api/v1',
        CMS_APP_ID: 'a1b2-c3',
        CMS_BRANCH: 'live',
      }),
    ).toMatchObject({ backend: 'forgejo', branch: 'live', appId: 'a1b2-c3' });
    expect(
      cmsSettingsFrom({ CMS_BACKEND: 'proxy', CMS_API_URL: 'http://127.0.0.1:8081/api/v1' })?.repository,
    ).toBeNull();
  });

  it('says which setting a host lacks or which is malformed', () => {
    expect(() => cmsSettingsFrom({ CMS_BACKEND: 'bitbucket' })).toThrow(
      'CMS_BACKEND must be one of github, gitlab, forgejo, proxy',
    );
    expect(() => cmsSettingsFrom({ CMS_BACKEND: 'github', CMS_REPOSITORY: 'a/b' })).toThrow('CMS_AUTH_URL');
    expect(() => cmsSettingsFrom({ CMS_BACKEND: 'gitlab', CMS_REPOSITORY: 'a/b' })).toThrow('CMS_APP_ID');
    expect(() => cmsSettingsFrom({ CMS_BACKEND: 'github', CMS_AUTH_URL: 'https://a.example' })).toThrow(
      'CMS_REPOSITORY',
    );
    expect(() => cmsSettingsFrom({ CMS_BACKEND: 'gitlab', CMS_REPOSITORY: 'no-owner', CMS_APP_ID: 'x' })).toThrow(
      'owner/name',
    );
    expect(() =>
      cmsSettingsFrom({ CMS_BACKEND: 'github', CMS_REPOSITORY: 'a/b', CMS_AUTH_URL: 'http://auth.example' }),
    ).toThrow('https://');
    expect(() =>
      cmsSettingsFrom({ CMS_BACKEND: 'github', CMS_REPOSITORY: 'a/b', CMS_AUTH_URL: 'https://user:pw@auth.example' }),
    ).toThrow('user name or password');
    expect(() =>
      cmsSettingsFrom({
        CMS_BACKEND: 'github',
        CMS_REPOSITORY: 'a/b',
        CMS_AUTH_URL: 'https://a.example',
        CMS_BRANCH: 'a..b',
      }),
    ).toThrow('CMS_BRANCH');
  });

  it('gives Decap its backend and the page its hosts', () => {
    const gitlab = cmsSettingsFrom({ CMS_BACKEND: 'gitlab', CMS_REPOSITORY: 'web/site', CMS_APP_ID: 'id' });
    expect(gitlab && decapBackend(gitlab)).toEqual({
      name: 'gitlab',
      branch: 'main',
      repo: 'web/site',
      auth_type: 'pkce',
      app_id: 'id',
    });
    expect(gitlab && cmsConnectSources(gitlab)).toEqual(['https://gitlab.com']);
    const own = cmsSettingsFrom({
      CMS_BACKEND: 'gitlab',
      CMS_REPOSITORY: 'web/site',
      CMS_APP_ID: 'id',
      CMS_AUTH_URL: 'https://git.westbridge.example',
      CMS_API_URL: 'https://git.westbridge.example/api/v4',
    });
    expect(own && cmsConnectSources(own)).toEqual(['https://git.westbridge.example']);
  });
});
