// A press on a control marked `data-replay` (a size, Add to Cart, a heart, Log in / Sign up…)
// made before React is live is held here and made again once it is. Built on its own into a
// small classic script loaded `async` from the head (the `replayClicks` plugin in vite.config.ts),
// so it runs long before the app's bundle: the server-rendered HTML has no handlers until
// hydration, and a click on it would otherwise be lost. Self-contained: no imports.
(() => {
  const root = document.documentElement;
  // Loaded after React took over (a slow network, a cached bundle): nothing to hold.
  if (root.dataset.ready) return;

  interface Held {
    control: HTMLElement;
    id: string;
  }
  const held: Held[] = [];
  const PENDING = 'data-replay-pending';

  const markedControl = (target: EventTarget | null): HTMLElement | null =>
    target instanceof Element ? target.closest<HTMLElement>('[data-replay]') : null;

  function hold(event: Event, control: HTMLElement) {
    event.preventDefault();
    event.stopImmediatePropagation();
    // A switch (a heart, marked `data-replay-toggle`) pressed again is switched back: the two
    // presses cancel, as they would have on a live page.
    if (control.hasAttribute('data-replay-toggle')) {
      const earlier = held.findIndex((h) => h.control === control);
      if (earlier >= 0) {
        held.splice(earlier, 1);
        control.removeAttribute(PENDING);
        return;
      }
    }
    // Any other control: one press in a row. A second click, or the click a key press makes, is
    // the same wish (Add to Cart pressed twice while waiting adds once).
    else if (held.at(-1)?.control === control) return;
    held.push({ control, id: control.dataset.replay ?? '' });
    // Shown as taken (styles.css) until it is made again.
    control.setAttribute(PENDING, '');
  }

  const onClick = (event: MouseEvent) => {
    const control = markedControl(event.target);
    if (control) hold(event, control);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const control = markedControl(event.target);
    if (!control) return;
    // Space presses a button on key up: that one is only kept from pressing it now.
    if (event.type === 'keyup') event.preventDefault();
    else hold(event, control);
  };

  /** The events a pointer press makes, in order, so that a menu opening on pointerdown opens. */
  function press(control: HTMLElement) {
    const mouse = { bubbles: true, cancelable: true, composed: true, button: 0, view: window };
    const pointer = { ...mouse, pointerId: 1, pointerType: 'mouse', isPrimary: true };
    control.dispatchEvent(new PointerEvent('pointerdown', { ...pointer, buttons: 1 }));
    control.dispatchEvent(new MouseEvent('mousedown', { ...mouse, buttons: 1 }));
    control.dispatchEvent(new PointerEvent('pointerup', pointer));
    control.dispatchEvent(new MouseEvent('mouseup', mouse));
    control.click();
  }

  /** One held press per task: React renders what one did (the size chosen) before the next. */
  function replay() {
    const next = held.shift();
    if (!next) return;
    const { control, id } = next;
    control.removeAttribute(PENDING);
    // Hydration keeps the server's elements; a part rendered afresh has new ones, found by id.
    const now = control.isConnected
      ? control
      : id
        ? document.querySelector<HTMLElement>(`[data-replay="${CSS.escape(id)}"]`)
        : null;
    if (now && !now.matches(':disabled')) press(now);
    setTimeout(replay, 0);
  }

  window.addEventListener('click', onClick, true);
  window.addEventListener('keydown', onKey, true);
  window.addEventListener('keyup', onKey, true);
  // Marked controls look pressable from here on (styles.css).
  root.dataset.replayOn = '';
  // The app marks <html data-ready> once React is live (web/src/app-root.tsx).
  new MutationObserver((_, observer) => {
    if (!root.dataset.ready) return;
    observer.disconnect();
    window.removeEventListener('click', onClick, true);
    window.removeEventListener('keydown', onKey, true);
    window.removeEventListener('keyup', onKey, true);
    // After the work React queued at hydration (a signed-in header replacing the server's).
    setTimeout(replay, 0);
  }).observe(root, { attributes: true, attributeFilter: ['data-ready'] });
})();
