// After a fresh boot, once the table is up and the page is idle, a second worker
// (snapshot-worker.js) makes the memory snapshot later visits restore (pyodide-boot.js).
// Nothing here touches the live engine; a failure only means the next visit boots normally.

const DELAY_MS = 3000; // let the first table and the first bot moves have the machine

/** Start the snapshot worker in idle time; resolves with its report ({type: "stored" | "failed", ...}). */
export function makeSnapshotLater() {
  return new Promise((resolve) => {
    const start = () => {
      const worker = new Worker(new URL("./snapshot-worker.js", import.meta.url), { type: "module" });
      worker.onmessage = ({ data }) => {
        worker.terminate(); // its Pyodide is done: free its memory at once
        if (data.type === "failed") console.warn("mahjong: no memory snapshot for the next visit:", data.error);
        resolve(data);
      };
      worker.onerror = (event) => {
        event.preventDefault();
        worker.terminate();
        console.warn("mahjong: the snapshot worker failed:", event.message);
        resolve({ type: "failed", error: event.message });
      };
    };
    const idle = self.requestIdleCallback ?? ((fn) => setTimeout(fn, 0));
    setTimeout(() => idle(start, { timeout: 10_000 }), DELAY_MS);
  });
}
