import { describe, expect, it, vi } from 'vitest';
import type * as CompanyModule from '../../common/company';
import { languageCodes } from '../../common/languages';
import { renderWithProviders, textsOf } from '../test/render';

/** The data-protection officer of the company facts: none by default, or one named (a fixture). */
const officer = vi.hoisted(() => ({ current: null as { name: string; email: string } | null }));
vi.mock('../../common/company', async (original) => {
  const actual = await original<typeof CompanyModule>();
  return {
    ...actual,
    company: new Proxy(actual.company, {
      get: (target, key) =>
        key === 'dataProtectionOfficer' ? officer.current : (target as Record<PropertyKey, unknown>)[key],
    }),
  };
});

const { default: PrivacyPage } = await import('./privacy-page');

const controllerText = () => document.getElementById('controller')?.textContent ?? '';

describe.each(languageCodes)('the privacy policy in %s says what § 38 BDSG asks of the company', (lng) => {
  const t = textsOf(lng);
  const said = (key: 'none' | 'named', values = {}) =>
    t(`sections.controller.officer.${key}` as never, { ns: 'privacy', ...values }).replace(/<\/?\w+>/g, '');

  it('that it has named no officer, and why it need not, while the facts name none', () => {
    officer.current = null;
    renderWithProviders(<PrivacyPage />, { lng, path: '/privacy' });
    expect(controllerText()).toContain(said('none'));
    expect(controllerText()).not.toContain(said('named', { name: '', email: '' }).slice(0, 20));
  });

  it('who the officer is and how to reach them, once the facts name one', () => {
    officer.current = { name: 'Dr. Testa Fixture', email: 'dpo@fixture.example' };
    renderWithProviders(<PrivacyPage />, { lng, path: '/privacy' });
    expect(controllerText()).toContain(said('named', officer.current));
    expect(document.querySelector('#controller a[href="mailto:dpo@fixture.example"]')).not.toBeNull();
    expect(controllerText()).not.toContain(said('none'));
  });
});
