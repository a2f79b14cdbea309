import type { i18n } from 'i18next';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';

function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

/** What every island root shares, at build time and in the browser: the page's texts. */
export function IslandRoot({
  i18n,
  onHydrated,
  children,
}: {
  i18n: i18n;
  onHydrated?: () => void;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        {children}
        {onHydrated && <Hydrated onHydrated={onHydrated} />}
      </I18nextProvider>
    </StrictMode>
  );
}
