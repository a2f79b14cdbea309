import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultLanguage } from '../../../common/languages';
import { themeStorageKey } from '../../../common/storage-keys';
import { renderWithProviders, textsOf } from '../../test/render';
import { ThemeToggle } from './theme-toggle';

describe('ThemeToggle', () => {
  it('switches between light and dark, marking <html> and storing the choice', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ThemeToggle />);
    const t = textsOf('en');
    await user.click(screen.getByRole('button', { name: t(($) => $.theme.switchToDark) }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem(themeStorageKey)).toBe('dark');
    await user.click(screen.getByRole('button', { name: t(($) => $.theme.switchToLight) }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem(themeStorageKey)).toBe('light');
  });

  it('shows the theme that the boot script already applied', () => {
    document.documentElement.classList.add('dark');
    renderWithProviders(<ThemeToggle />, { lng: defaultLanguage });
    expect(
      screen.getByRole('button', { name: textsOf(defaultLanguage)(($) => $.theme.switchToLight) }),
    ).toBeInTheDocument();
  });
});
