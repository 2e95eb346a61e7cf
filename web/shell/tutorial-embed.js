// The tutorial pages inside an iframe tell their parent how tall they are, so the host can size
// the frame and no scrollbar fights it: {source: "mahjong", type: "height", detail: {page, height}}.

let last = -1;
let observing = false;

/** Post the document's height now and whenever it changes (once per distinct height). */
export function postHeight(page) {
  if (window.parent === window) return;
  const send = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    try {
      window.parent.postMessage({ source: "mahjong", type: "height", detail: { page, height } }, "*");
    } catch {
      // a parent that cannot receive is no reason to stop
    }
  };
  send();
  if (!observing && typeof ResizeObserver !== "undefined") {
    observing = true;
    new ResizeObserver(send).observe(document.documentElement);
  }
}
