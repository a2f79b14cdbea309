import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../../components/icons';
import { ResponsivePicture } from '../../components/responsive-picture';
import { useHydrated } from '../../hooks/use-hydrated';
import { slideIntervalMs, slides } from './slides';
import { useCarousel } from './use-carousel';

/**
 * Keyboard focus pauses the slideshow (WCAG 2.2.2). A mouse click also focuses
 * the button it hits, but must not stop the rotation it just restarted.
 */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/** The home page's slideshow (docs/product.md#carousel, docs/contract.md#difference-5). */
export function Carousel() {
  const { t } = useTranslation('carousel');
  const carousel = useCarousel(slides.length, slideIntervalMs);
  const playButton = useRef<HTMLButtonElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const { setHovered } = carousel;
  // Only the first slide shows before the app runs. Another slide's picture is loaded once the app
  // runs and that slide is the current or the next one, so none takes bandwidth from the first
  // screen's largest picture, and a slide that stays unseen costs nothing. Once loaded, it stays.
  const hydrated = useHydrated();
  const [withPicture, setWithPicture] = useState<ReadonlySet<number>>(() => new Set([0]));
  const next = (carousel.index + 1) % slides.length;
  if (hydrated && (!withPicture.has(carousel.index) || !withPicture.has(next))) {
    setWithPicture(new Set([...withPicture, carousel.index, next]));
  }

  // A pointer that rests on the slideshow (its controls included) pauses it, also one already there when the app starts.
  useEffect(() => {
    if (sectionRef.current?.matches(':hover')) setHovered(true);
  }, [setHovered]);

  // The pause button is exempt, so that "Play slideshow" starts it at once.
  const handleFocus = (event: FocusEvent<HTMLElement>) =>
    carousel.setFocused(event.target !== playButton.current && isKeyboardFocus(event.target));
  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) carousel.setFocused(false);
  };

  // The focus and hover listeners only observe: they pause the rotation and make nothing interactive.
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      aria-roledescription={t(($) => $.roleDescription)}
      aria-label={t(($) => $.label)}
      ref={sectionRef}
      className="overflow-hidden rounded-2xl border border-line bg-surface-raised shadow-sm"
      onFocus={handleFocus}
      onBlur={handleBlur}
      onMouseEnter={() => carousel.setHovered(true)}
      onMouseLeave={() => carousel.setHovered(false)}
    >
      <div className="grid" aria-live={carousel.rotating ? 'off' : 'polite'}>
        {slides.map((slide, index) => {
          const active = index === carousel.index;
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription={t(($) => $.slideRoleDescription)}
              aria-label={t(($) => $.slideLabel, { current: index + 1, total: slides.length })}
              aria-hidden={active ? undefined : true}
              className={`col-start-1 row-start-1 flex flex-col bg-surface-raised transition-opacity duration-700 ease-in-out motion-reduce:transition-none ${
                active ? 'opacity-100' : 'pointer-events-none opacity-0'
              }`}
            >
              {withPicture.has(index) && (
                <ResponsivePicture
                  picture={slide.image}
                  alt={t(($) => $.slides[slide.id].alt)}
                  loading={index === 0 ? 'high' : 'lazy'}
                  className="block aspect-3/2 h-auto w-full object-cover"
                />
              )}
              <p className="grow px-5 py-4 text-base font-semibold text-ink sm:text-lg">
                {t(($) => $.slides[slide.id].title)}
              </p>
            </div>
          );
        })}
      </div>
      <div className="hidden flex-wrap items-center justify-between gap-2 border-t border-line px-2 py-1 in-[.js]:flex">
        <button
          ref={playButton}
          type="button"
          className="icon-button"
          aria-label={carousel.playing ? t(($) => $.pause) : t(($) => $.play)}
          onClick={carousel.togglePlaying}
        >
          {carousel.playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <div className="flex flex-wrap items-center">
          <button type="button" className="icon-button" aria-label={t(($) => $.previous)} onClick={carousel.previous}>
            <ChevronLeftIcon />
          </button>
          {slides.map((slide, index) => {
            const active = index === carousel.index;
            return (
              <button
                key={slide.id}
                type="button"
                className="group inline-flex size-8 items-center justify-center rounded-full"
                aria-label={t(($) => $.goTo, { number: index + 1 })}
                aria-current={active ? 'true' : undefined}
                onClick={() => carousel.goTo(index)}
              >
                <span
                  className={`block size-3 rounded-full border-2 border-brand transition-colors ${
                    active ? 'bg-brand' : 'bg-transparent group-hover:bg-line'
                  }`}
                />
              </button>
            );
          })}
          <button type="button" className="icon-button" aria-label={t(($) => $.next)} onClick={carousel.next}>
            <ChevronRightIcon />
          </button>
        </div>
      </div>
    </section>
  );
}
