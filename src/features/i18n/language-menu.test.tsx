import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { LanguageMenu } from './language-menu';

describe('LanguageMenu', () => {
  it('lists each language in its own language and marks the current one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageMenu path="/about" search="" />, { lng: 'fr', path: '/about' });
    await user.click(screen.getByRole('button', { name: 'Langue' }));
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((item) => [item.textContent, item.getAttribute('lang')])).toEqual([
      ['Deutsch', 'de'],
      ['English', 'en'],
      ['Français', 'fr'],
    ]);
    expect(screen.getByRole('menuitemradio', { name: 'Français' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'Français' })).toHaveFocus();
  });

  it('links each language to this page in that language, keeping the other parameters', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageMenu path="/jobs" search="?job=job-002" />, {
      lng: 'de',
      path: '/jobs?job=job-002&lng=de',
    });
    await user.click(screen.getByRole('button', { name: 'Sprache' }));
    expect(screen.getAllByRole('menuitemradio').map((item) => item.getAttribute('href'))).toEqual([
      '/jobs?job=job-002&lng=de',
      '/jobs?job=job-002&lng=en',
      '/jobs?job=job-002&lng=fr',
    ]);
  });

  it('puts the focus back on its button on the page of the chosen language', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<LanguageMenu path="/about" search="" />, { lng: 'de', path: '/about' });
    await user.click(screen.getByRole('button', { name: 'Sprache' }));
    const english = screen.getByRole('menuitemradio', { name: 'English' });
    // jsdom does not load pages: the link is followed by rendering the next page's menu.
    english.addEventListener('click', (event) => event.preventDefault());
    await user.click(english);
    first.unmount();
    renderWithProviders(<LanguageMenu path="/about" search="" />, { lng: 'en', path: '/about?lng=en' });
    expect(screen.getByRole('button', { name: 'Language' })).toHaveFocus();
    // Only once: the next page starts at its top again.
    screen.getByRole('button', { name: 'Language' }).blur();
    renderWithProviders(<LanguageMenu path="/about" search="" />, { lng: 'en', path: '/about?lng=en' });
    expect(
      screen.getAllByRole('button', { name: 'Language' }).some((button) => button === document.activeElement),
    ).toBe(false);
  });

  it('closes on Escape and on a press outside', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <LanguageMenu path="/" search="" />
        <p>outside</p>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Language' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Language' }));
    await act(async () => user.click(screen.getByText('outside')));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
