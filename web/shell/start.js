// A repeat visit's head start: the engine worker starts as soon as the page begins, not once the
// style sheets and the loader's modules are in (an async classic script waits for neither), so
// that restoring the kept engine (engine-worker.js) overlaps the page's own start. The engine
// client (engine.js) takes the worker over with the messages it sent meanwhile. A first visit
// (no service worker controls the page yet) leaves the start to loader.js: there, the worker's
// downloads begin after the loading card's first paint.
(() => {
  const w = /** @type {any} */ (window);
  if (!navigator.serviceWorker?.controller || w.mahjongEarlyEngine) return; // first visit, or the client started first
  // a frame of ours beside this one already runs an engine: this page uses it (engine.js siblingHub)
  if (window.parent !== window) {
    for (let i = 0; i < window.parent.length; i++) {
      try {
        const frame = window.parent[i];
        if (frame !== window && frame.location.origin === location.origin && /** @type {any} */ (frame).mahjongEngineHub?.alive) return;
      } catch {
        // another origin's frame
      }
    }
  }
  try {
    const script = /** @type {HTMLScriptElement} */ (document.currentScript);
    const worker = new Worker(new URL("./engine-worker.js", script.src), { type: "module" });
    /** @type {Event[]} */
    const events = [];
    worker.onmessage = (event) => events.push(event);
    worker.onerror = (event) => {
      event.preventDefault();
      events.push(event);
    };
    w.mahjongEarlyEngine = { worker, events };
  } catch {
    // the client starts its own
  }
})();
