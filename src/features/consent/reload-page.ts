/** A fresh page view: the only way to stop third-party code that has already run. */
export function reloadPage(): void {
  window.location.reload();
}
