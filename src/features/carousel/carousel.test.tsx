import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Carousel } from './carousel';

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

  it('names its parts as DESIGN requires and marks the active dot', () => {
    renderWithProviders(<Carousel />);
    const region = screen.getByRole('region', { name: 'A look at our work' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getByRole('group')).toHaveAttribute('aria-roledescription', 'slide');
    expect(currentSlide()).toBe('1 of 4');
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Go to slide 1' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Go to slide 2' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('img', { name: /cocoa trees/ })).toHaveAttribute('fetchpriority', 'high');
  });

  it('loads a slide’s picture once it is the current or the next slide, and keeps it', () => {
    renderWithProviders(<Carousel />);
    const pictures = () => screen.getAllByRole('img', { hidden: true }).map((image) => image.getAttribute('alt'));
    // Rendered in the browser: the first slide and the next one.
    expect(pictures()).toEqual([expect.stringMatching(/cocoa trees/), expect.stringMatching(/container ship/)]);
    // A slide jumped to loads then; one skipped over waits until it is the current or the next.
    press('Go to slide 4');
    expect(pictures()).toHaveLength(3);
    expect(pictures()[2]).toMatch(/globe/);
    press('Go to slide 3');
    expect(pictures()).toHaveLength(4);
  });

  it('advances every 5000 ms and wraps from the last slide to the first', () => {
    renderWithProviders(<Carousel />);
    advance(4999);
    expect(currentSlide()).toBe('1 of 4');
    advance(1);
    expect(currentSlide()).toBe('2 of 4');
    advance(3 * 5000);
    expect(currentSlide()).toBe('1 of 4');
  });

  it('goes back from the first slide to the last and restarts the interval on every manual change', () => {
    renderWithProviders(<Carousel />);
    advance(4000);
    press('Previous slide');
    expect(currentSlide()).toBe('4 of 4');
    advance(4999);
    expect(currentSlide()).toBe('4 of 4');
    advance(1);
    expect(currentSlide()).toBe('1 of 4');
    advance(3000);
    press('Go to slide 3');
    expect(currentSlide()).toBe('3 of 4');
    advance(4999);
    expect(currentSlide()).toBe('3 of 4');
    press('Next slide');
    expect(currentSlide()).toBe('4 of 4');
  });

  it('stops while paused and runs again after Play', () => {
    renderWithProviders(<Carousel />);
    press('Pause slideshow');
    advance(20_000);
    expect(currentSlide()).toBe('1 of 4');
    press('Play slideshow');
    advance(5000);
    expect(currentSlide()).toBe('2 of 4');
  });

  it('pauses while the pointer rests on the slides', () => {
    renderWithProviders(<Carousel />);
    const slides = screen.getByRole('group').parentElement as HTMLElement;
    fireEvent.mouseEnter(slides);
    advance(10_000);
    expect(currentSlide()).toBe('1 of 4');
    fireEvent.mouseLeave(slides);
    advance(5000);
    expect(currentSlide()).toBe('2 of 4');
  });

  it('pauses while keyboard focus is on its controls, except on the pause button', () => {
    renderWithProviders(<Carousel />);
    tabTo('Previous slide');
    advance(10_000);
    expect(currentSlide()).toBe('1 of 4');
    tabTo('Pause slideshow');
    advance(5000);
    expect(currentSlide()).toBe('2 of 4');
    tabTo('Go to slide 4');
    advance(10_000);
    expect(currentSlide()).toBe('2 of 4');
    act(() => screen.getByRole('button', { name: 'Go to slide 4' }).blur());
    advance(5000);
    expect(currentSlide()).toBe('3 of 4');
  });

  it('speaks German and French', () => {
    const { unmount } = renderWithProviders(<Carousel />, { lng: 'de' });
    expect(currentSlide()).toBe('1 von 4');
    expect(screen.getByRole('region')).toHaveAttribute('aria-roledescription', 'Karussell');
    expect(screen.getByRole('button', { name: 'Diashow anhalten' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<Carousel />, { lng: 'fr' });
    expect(currentSlide()).toBe('1 sur 4');
    expect(screen.getByRole('button', { name: 'Aller à la diapositive 2' })).toBeInTheDocument();
  });
});
