/**
 * The product page's code, fetched and run while the shopper looks at the listing (when the
 * browser is idle), so a tap on a card waits only for the piece's data, which the router's
 * preload asks for on touchstart or hover. Run on the tap itself, that code held the main thread
 * for about 150 ms between the touch and the click: a click answers at once.
 */
export function warmProductPage(): () => void {
  const warm = () => void import('@/features/product/ProductPage');
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(warm, { timeout: 4000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(warm, 2000);
  return () => clearTimeout(timer);
}
