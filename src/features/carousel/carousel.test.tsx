import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageCodes, type Language } from '../../../common/languages';
import { renderWithProviders, textsOf } from '../../test/render';
import { Carousel } from './carousel';
import { slides } from './slides';

/** The carousel's words in English, from its locale file, and the slides of the registry. */
const t = textsOf('en');
const total = slides.length;
const label = (current: number, lng: Language = 'en') =>
  textsOf(lng)(($) => $.slideLabel, { ns: 'carousel', current, total });
const dot = (number: number) => t(($) => $.goTo, { ns: 'carousel', number });
const [previous, next, pause, play] = (['previous', 'next', 'pause', 'play'] as const).map((key) =>
  t(($) => $[key], { ns: 'carousel' }),
) as [string, string, string, string];
const alt = (index: number) => t(($) => $.slides[slides[index]?.id ?? 'harvest'].alt, { ns: 'carousel' });

/** The slide shown: the only one not hidden from assistive technology. */
const currentSlide = () => screen.getByRole('group').getAttribute('aria-label');
/** Moves the clock in small steps, so React schedules each next timer as it would in real time. */
const advance = (ms: number) => {
  for (let left = ms; left > 0; left -= 100) act(() => vi.advanceTimersByTime(Math.min(100, left)));
};
// fireEvent, not userEvent: a click here must not also move keyboard focus into the carousel.
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
/** Focus as the Tab key moves it, which is what :focus-visible matches. */
const tabTo = (name: string) => {
  fireEvent.keyDown(document.body, { key: 'Tab' });
  act(() => screen.getByRole('button', { name }).focus());
};

describe('Carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('names its parts as docs/contract.md#control-names requires and marks the active dot', () => {
    renderWithProviders(<Carousel />);
    const region = screen.getByRole('region', { name: t(($) => $.label, { ns: 'carousel' }) });
    expect(region).toHaveAttribute(
      'aria-roledescription',
      t(($) => $.roleDescription, { ns: 'carousel' }),
    );
    expect(screen.getByRole('group')).toHaveAttribute(
      'aria-roledescription',
      t(($) => $.slideRoleDescription, { ns: 'carousel' }),
    );
    expect(currentSlide()).toBe(label(1));
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(total);
    expect(screen.getByRole('button', { name: dot(1) })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: dot(2) })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('img', { name: alt(0) })).toHaveAttribute('fetchpriority', 'high');
  });

  it('loads a slide’s picture once it is the current or the next slide, and keeps it', () => {
    renderWithProviders(<Carousel />);
    const pictures = () => screen.getAllByRole('img', { hidden: true }).map((image) => image.getAttribute('alt'));
    // Rendered in the browser: the first slide and the next one.
    expect(pictures()).toEqual([alt(0), alt(1)]);
    // A slide jumped to loads then; one skipped over waits until it is the current or the next.
    press(dot(total));
    expect(pictures()).toHaveLength(3);
    expect(pictures()[2]).toBe(alt(total - 1));
    press(dot(total - 1));
    expect(pictures()).toHaveLength(4);
  });

  it('advances every 5000 ms and wraps from the last slide to the first', () => {
    renderWithProviders(<Carousel />);
    advance(4999);
    expect(currentSlide()).toBe(label(1));
    advance(1);
    expect(currentSlide()).toBe(label(2));
    advance((total - 1) * 5000);
    expect(currentSlide()).toBe(label(1));
  });

  it('goes back from the first slide to the last and restarts the interval on every manual change', () => {
    renderWithProviders(<Carousel />);
    advance(4000);
    press(previous);
    expect(currentSlide()).toBe(label(total));
    advance(4999);
    expect(currentSlide()).toBe(label(total));
    advance(1);
    expect(currentSlide()).toBe(label(1));
    advance(3000);
    press(dot(total - 1));
    expect(currentSlide()).toBe(label(total - 1));
    advance(4999);
    expect(currentSlide()).toBe(label(total - 1));
    press(next);
    expect(currentSlide()).toBe(label(total));
  });

  it('stops while paused and runs again after Play', () => {
    renderWithProviders(<Carousel />);
    press(pause);
    advance(20_000);
    expect(currentSlide()).toBe(label(1));
    press(play);
    advance(5000);
    expect(currentSlide()).toBe(label(2));
  });

  it('pauses while the pointer rests on the slides', () => {
    renderWithProviders(<Carousel />);
    const slides = screen.getByRole('group').parentElement as HTMLElement;
    fireEvent.mouseEnter(slides);
    advance(10_000);
    expect(currentSlide()).toBe(label(1));
    fireEvent.mouseLeave(slides);
    advance(5000);
    expect(currentSlide()).toBe(label(2));
  });

  it('pauses while keyboard focus is on its controls, except on the pause button', () => {
    renderWithProviders(<Carousel />);
    tabTo(previous);
    advance(10_000);
    expect(currentSlide()).toBe(label(1));
    tabTo(pause);
    advance(5000);
    expect(currentSlide()).toBe(label(2));
    tabTo(dot(total));
    advance(10_000);
    expect(currentSlide()).toBe(label(2));
    act(() => screen.getByRole('button', { name: dot(total) }).blur());
    advance(5000);
    expect(currentSlide()).toBe(label(3));
  });

  it.each(languageCodes)('speaks the page’s language, %s', (lng) => {
    const own = textsOf(lng);
    renderWithProviders(<Carousel />, { lng });
    expect(currentSlide()).toBe(label(1, lng));
    expect(screen.getByRole('region')).toHaveAttribute(
      'aria-roledescription',
      own(($) => $.roleDescription, { ns: 'carousel' }),
    );
    expect(screen.getByRole('button', { name: own(($) => $.pause, { ns: 'carousel' }) })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: own(($) => $.goTo, { ns: 'carousel', number: 2 }) })).toBeInTheDocument();
  });
});
