import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageFallbackScript } from './fallback-image-script';
import { pictureLayouts, sizesOf, type Picture } from './picture';
import { ResponsivePicture } from './responsive-picture';

const illustration: Picture = {
  layout: 'gallery',
  src: '/assets/cocoa-abc.svg',
  width: 300,
  height: 300,
  sources: [],
};

const candidates = (format: string) =>
  pictureLayouts.gallery.widths.map((width) => `/assets/cocoa-${width}-x.${format} ${width}w`).join(', ');
const photograph: Picture = {
  layout: 'gallery',
  src: '/assets/cocoa-300-x.jpg',
  width: 300,
  height: 300,
  srcset: candidates('jpg'),
  sources: [
    { type: 'image/avif', srcset: candidates('avif') },
    { type: 'image/webp', srcset: candidates('webp') },
  ],
};

describe('ResponsivePicture', () => {
  beforeAll(() => {
    // The head script runs before the page's pictures load; here, before they render.
    new Function(imageFallbackScript)();
  });

  it('shows an illustration as one <img> with its intrinsic size', () => {
    const { container } = render(<ResponsivePicture picture={illustration} alt="Cocoa pod" loading="lazy" />);
    const image = screen.getByRole('img', { name: 'Cocoa pod' });
    expect(container.querySelector('picture')).toBeNull();
    expect(image).toHaveAttribute('src', illustration.src);
    expect(image).toHaveAttribute('width', '300');
    expect(image).toHaveAttribute('height', '300');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
  });

  it('offers a photograph as AVIF, then WebP, then JPEG, each at every width of its layout', () => {
    const { container } = render(<ResponsivePicture picture={photograph} alt="Cocoa pod" loading="lazy" />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources.map((source) => source.getAttribute('srcset'))).toEqual([candidates('avif'), candidates('webp')]);
    const image = screen.getByRole('img', { name: 'Cocoa pod' });
    expect(image.parentElement?.tagName).toBe('PICTURE');
    expect(image).toHaveAttribute('srcset', candidates('jpg'));
    for (const element of [...sources, image]) expect(element).toHaveAttribute('sizes', sizesOf('gallery'));
    expect(image).toHaveAttribute('width', '300');
    expect(image).toHaveAttribute('height', '300');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('asks for the largest picture of the first screen first, and loads it without waiting', () => {
    render(<ResponsivePicture picture={photograph} alt="Harbour" loading="high" />);
    const image = screen.getByRole('img', { name: 'Harbour' });
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).not.toHaveAttribute('loading');
  });

  it('shows the fallback in place of a photograph that fails, and stops there', () => {
    const { container } = render(
      <ResponsivePicture picture={photograph} alt="Cocoa pod" loading="lazy" fallbackSrc="/assets/logo.svg" />,
    );
    const image = screen.getByRole('img', { name: 'Cocoa pod' });
    fireEvent.error(image);
    expect(container.querySelectorAll('source')).toHaveLength(0);
    expect(image).not.toHaveAttribute('srcset');
    expect(image).toHaveAttribute('src', '/assets/logo.svg');
    expect(image).toHaveAccessibleName('Cocoa pod');

    // A failing fallback must not start a loop of error events.
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/assets/logo.svg');
  });

  it('shows the fallback in place of an illustration that fails', () => {
    render(<ResponsivePicture picture={illustration} alt="Cocoa pod" loading="lazy" fallbackSrc="/assets/logo.svg" />);
    const image = screen.getByRole('img', { name: 'Cocoa pod' });
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

describe('sizesOf', () => {
  it('states the width shown, three quarters of it from density 1.5 and half from 2.5', () => {
    expect(sizesOf('gallery')).toBe(
      [
        '(min-resolution: 2.5dppx) calc(min(300px, calc(100vw - 34px)) / 2)',
        '(min-resolution: 1.5dppx) calc(min(300px, calc(100vw - 34px)) * 3 / 4)',
        'min(300px, calc(100vw - 34px))',
      ].join(', '),
    );
    expect(sizesOf('header')).toBe(
      [
        '(min-width: 1024px) and (min-resolution: 2.5dppx) calc(min(528px, calc(50vw - 48px)) / 2)',
        '(min-width: 1024px) and (min-resolution: 1.5dppx) calc(min(528px, calc(50vw - 48px)) * 3 / 4)',
        '(min-width: 1024px) min(528px, calc(50vw - 48px))',
        '(min-width: 640px) and (min-resolution: 2.5dppx) calc(calc(100vw - 48px) / 2)',
        '(min-width: 640px) and (min-resolution: 1.5dppx) calc(calc(100vw - 48px) * 3 / 4)',
        '(min-width: 640px) calc(100vw - 48px)',
        '(min-resolution: 2.5dppx) calc(calc(100vw - 32px) / 2)',
        '(min-resolution: 1.5dppx) calc(calc(100vw - 32px) * 3 / 4)',
        'calc(100vw - 32px)',
      ].join(', '),
    );
  });

  it('has widths close enough that the one a browser takes is never much wider than it asked for', () => {
    for (const { widths } of Object.values(pictureLayouts)) {
      for (const [index, width] of widths.slice(1).entries())
        expect(width / (widths[index] ?? 0)).toBeLessThanOrEqual(4 / 3);
    }
  });
});
