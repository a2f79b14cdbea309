import { themeStorageKey } from './theme-store.ts';

/**
 * Runs in <head> before the first paint, so a stored dark theme never flashes
 * light. It starts light even when the system prefers dark (docs/contract.md#storage-keys).
 */
export const themeBootScript = `try{if(localStorage.getItem(${JSON.stringify(themeStorageKey)})==="dark")document.documentElement.classList.add("dark")}catch(e){}`;
