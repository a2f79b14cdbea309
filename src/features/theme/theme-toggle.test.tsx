import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ThemeToggle } from './theme-toggle';

describe('ThemeToggle', () => {
  it('switches between light and dark, marking <html> and storing the choice', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ThemeToggle />);
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('shows the theme that the boot script already applied', () => {
    document.documentElement.classList.add('dark');
    renderWithProviders(<ThemeToggle />, { lng: 'de' });
    expect(screen.getByRole('button', { name: 'Zum hellen Design wechseln' })).toBeInTheDocument();
  });
});
