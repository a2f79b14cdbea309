import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { LanguageMenu } from './language-menu';

describe('LanguageMenu', () => {
  it('lists each language in its own language and marks the current one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageMenu />, { lng: 'fr' });
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

  it('changes the language and closes on a choice', async () => {
    const user = userEvent.setup();
    const { i18n } = renderWithProviders(<LanguageMenu />, { lng: 'de' });
    await user.click(screen.getByRole('button', { name: 'Sprache' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'English' }));
    expect(i18n.language).toBe('en');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Language' })).toHaveFocus();
  });

  it('updates a lng parameter already in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<LanguageMenu />, { lng: 'de', path: '/about?lng=de' });
    await user.click(screen.getByRole('button', { name: 'Sprache' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Français' }));
    expect(router.state.location.search).toBe('?lng=fr');
  });

  it('closes on Escape and on a press outside', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <LanguageMenu />
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
