import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FallbackImage } from './fallback-image';
import { imageFallbackScript } from './fallback-image-script';

describe('FallbackImage', () => {
  beforeAll(() => {
    // The head script runs before the page's pictures load; here, before they render.
    new Function(imageFallbackScript)();
  });

  it('shows its own picture until it fails, then the fallback, and stops there', () => {
    render(
      <FallbackImage src="/assets/cocoa.svg" fallbackSrc="/assets/logo.svg" alt="Cocoa pod" width={300} height={300} />,
    );
    const image = screen.getByRole('img', { name: 'Cocoa pod' });
    expect(image).toHaveAttribute('src', '/assets/cocoa.svg');
    expect(image).toHaveAttribute('width', '300');

    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/assets/logo.svg');
    expect(image).toHaveAccessibleName('Cocoa pod');

    // A failing fallback must not start a loop of error events.
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/assets/logo.svg');
  });

  it('leaves pictures without a fallback alone', () => {
    render(<img src="/assets/slide.svg" alt="Harbour" />);
    const image = screen.getByRole('img', { name: 'Harbour' });
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/assets/slide.svg');
  });
});
