import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n } from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { languageCookieName, languages, languageStorageKey } from '../../../common/languages';
import { languageSwitchHref, localizedPath } from '../../../common/page-urls';
import { renderWithProviders } from '../../test/render';
import { LanguageMenu } from './language-menu';

const [german, english, french] = languages;
const menuName = (i18n: i18n) => i18n.t(($) => $.language.menu);

beforeEach(() => {
  localStorage.clear();
  document.cookie = `${languageCookieName}=; max-age=0; path=/`;
});

describe('LanguageMenu', () => {
  it('lists each language in its own language and marks the current one', async () => {
    const user = userEvent.setup();
    const { i18n } = renderWithProviders(<LanguageMenu pageId="about" search="" />, {
      lng: french.code,
      path: localizedPath('/about', french.code),
    });
    await user.click(screen.getByRole('button', { name: menuName(i18n) }));
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((item) => [item.textContent, item.getAttribute('lang')])).toEqual(
      languages.map((language) => [language.name, language.code]),
    );
    expect(screen.getByRole('menuitemradio', { name: french.name })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: french.name })).toHaveFocus();
  });

  it('links each language to this page at its address, keeping the other parameters', async () => {
    const user = userEvent.setup();
    const { i18n } = renderWithProviders(<LanguageMenu pageId="jobs" search="?job=job-x" />, {
      lng: german.code,
      path: '/jobs?job=job-x',
    });
    await user.click(screen.getByRole('button', { name: menuName(i18n) }));
    expect(screen.getAllByRole('menuitemradio').map((item) => item.getAttribute('href'))).toEqual(
      languages.map((language) => languageSwitchHref('jobs', '?job=job-x', language.code)),
    );
    expect(screen.getByRole('menuitemradio', { name: english.name })).toHaveAttribute(
      'href',
      `${localizedPath('/jobs', english.code)}?job=job-x`,
    );
  });

  it('keeps nothing in the browser until a language is chosen, then the choice', async () => {
    const user = userEvent.setup();
    const { i18n } = renderWithProviders(<LanguageMenu pageId="about" search="" />, {
      lng: german.code,
      path: '/about',
    });
    expect(localStorage.getItem(languageStorageKey)).toBeNull();
    expect(document.cookie).not.toContain(`${languageCookieName}=`);
    await user.click(screen.getByRole('button', { name: menuName(i18n) }));
    const item = screen.getByRole('menuitemradio', { name: french.name });
    item.addEventListener('click', (event) => event.preventDefault());
    await user.click(item);
    expect(localStorage.getItem(languageStorageKey)).toBe(french.code);
    expect(document.cookie).toContain(`${languageCookieName}=${french.code}`);
  });

  it('puts the focus back on its button on the page of the chosen language', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<LanguageMenu pageId="about" search="" />, { lng: german.code, path: '/about' });
    await user.click(screen.getByRole('button', { name: menuName(first.i18n) }));
    const item = screen.getByRole('menuitemradio', { name: english.name });
    // jsdom does not load pages: the link is followed by rendering the next page's menu.
    item.addEventListener('click', (event) => event.preventDefault());
    await user.click(item);
    first.unmount();
    const next = { lng: english.code, path: localizedPath('/about', english.code) };
    const { i18n } = renderWithProviders(<LanguageMenu pageId="about" search="" />, next);
    expect(screen.getByRole('button', { name: menuName(i18n) })).toHaveFocus();
    // Only once: the next page starts at its top again.
    screen.getByRole('button', { name: menuName(i18n) }).blur();
    renderWithProviders(<LanguageMenu pageId="about" search="" />, next);
    expect(
      screen.getAllByRole('button', { name: menuName(i18n) }).some((button) => button === document.activeElement),
    ).toBe(false);
  });

  it('closes on Escape and on a press outside', async () => {
    const user = userEvent.setup();
    const { i18n } = renderWithProviders(
      <>
        <LanguageMenu pageId="home" search="" />
        <p>outside</p>
      </>,
    );
    await user.click(screen.getByRole('button', { name: menuName(i18n) }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: menuName(i18n) })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: menuName(i18n) }));
    await act(async () => user.click(screen.getByText('outside')));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
