// One engine per host page (the design: engine.js's header): the Hub, the worker and the pages it
// serves (this page's Engine and sibling frames' through MessagePorts), and siblingHub, how a frame
// of ours finds another's. engine.js's Engine is the one user of this module.

/** The name of the hub on its page's window, where sibling frames look for it. */
export const HUB_NAME = "mahjongEngineHub";

/**
 * @typedef {{post: (message: any) => void, close: () => void, remote: boolean}} Link
 *   how an Engine reaches the worker: through its own page's hub, or another frame's
 */

/** The worker and the pages it serves: this page's engine, and sibling frames' through MessagePorts. */
export class Hub {
  /**
   * @param {Worker} worker
   * @param {string} href the worker's URL: only pages of the same build share it
   * @param {Event[]} [early] what the worker said before the hub was made (start.js)
   */
  constructor(worker, href, early = []) {
    this.worker = worker;
    this.href = href;
    this.alive = true;
    /** @type {any[]} the boot's messages (progress, ready, failed), replayed to a page that joins later */
    this.boot = [];
    /** @type {Map<string, {send: (message: any) => void, port: MessagePort | null}>} */
    this.clients = new Map();
    /** @type {Map<number, {client: string, id: number}>} the calls the worker has yet to answer */
    this.calls = new Map();
    this.nextId = 1;
    /** the pages served by this hub, ever (the test and the bench read it) */
    this.served = 0;
    /** @type {Set<string>} the jobs one page of those it serves has taken on for all (Engine.claim) */
    this.claims = new Set();
    worker.onmessage = ({ data }) => this.fromWorker(data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.fromWorker({ type: "failed", stage: "runtime", error: { name: "Error", message: event.message || "the engine worker failed to load" } });
    };
    for (const event of early) {
      if (event instanceof MessageEvent) this.fromWorker(event.data);
      else this.fromWorker({ type: "failed", stage: "runtime", error: { name: "Error", message: /** @type {ErrorEvent} */ (event).message || "the engine worker failed to load" } });
    }
  }

  /** @param {any} data */
  fromWorker(data) {
    switch (data?.type) {
      case "progress":
      case "ready":
      case "failed":
        this.boot.push(data);
        for (const { send } of this.clients.values()) send(data);
        break;
      case "result":
      case "error": {
        const call = this.calls.get(data.id);
        if (!call) return;
        this.calls.delete(data.id);
        this.clients.get(call.client)?.send({ ...data, id: call.id });
        break;
      }
    }
  }

  /**
   * A page (this one or a sibling frame) joins: it is told the boot so far at once.
   * @param {string} client
   * @param {(message: any) => void} send
   * @param {MessagePort | null} [port]
   * @returns {(message: any) => void} what the page sends to the hub
   */
  attach(client, send, port = null) {
    this.clients.set(client, { send, port });
    this.served++;
    for (const data of this.boot) send(data);
    return (data) => this.fromClient(client, data);
  }

  /** @param {string} client @param {any} data */
  fromClient(client, data) {
    if (!this.clients.has(client)) return;
    if (data?.type === "call") {
      const id = this.nextId++;
      this.calls.set(id, { client, id: data.id });
      this.worker.postMessage({ type: "call", id, method: data.method, json: data.json, client });
    } else if (data?.type === "bye") {
      this.leaves(client);
    }
  }

  /** A page leaves (it said goodbye, or its port closed: its frame is gone): its match is dropped.
   * Only then: the engine keeps every page's match while the page is there. @param {string} client */
  leaves(client) {
    const entry = this.clients.get(client);
    if (!entry) return;
    this.clients.delete(client);
    if (entry.port) entry.port.onmessage = null;
    for (const [id, call] of this.calls) if (call.client === client) this.calls.delete(id);
    this.worker.postMessage({ type: "drop", client });
  }

  /** A sibling frame's page asks to join, sending the port it will talk through. @param {MessageEvent} event */
  connect(event) {
    const data = event.data;
    const port = event.ports?.[0];
    if (event.origin !== location.origin || !data || data.mahjongEngine !== "connect" || !port || !this.alive) return;
    if (typeof data.client !== "string" || !data.client || data.client.length > 80 || this.clients.has(data.client)) return;
    const client = data.client;
    const fromPage = this.attach(client, (message) => port.postMessage(message), port);
    port.onmessage = ({ data: message }) => fromPage(message);
    // a frame removed or navigated away may say no goodbye: its port closing says it for it
    port.addEventListener("close", () => this.leaves(client));
  }

  /** This hub's page goes away: every page it served is told, and takes over. */
  leave() {
    if (!this.alive) return;
    this.alive = false;
    for (const { port } of this.clients.values()) port?.postMessage({ type: "gone" });
  }

  /** Make this hub the one sibling frames find: published on the window, and listening. */
  publish() {
    const w = /** @type {any} */ (window);
    w[HUB_NAME] = this;
    window.addEventListener("message", (event) => this.connect(event));
    window.addEventListener("pagehide", () => this.leave());
  }
}

/**
 * The hub of a sibling frame of ours running the same build (same worker URL), or null: not
 * framed, no such frame, or one of another origin (which cannot be read, and is skipped).
 * @param {string} href
 * @returns {{frame: Window, hub: Hub} | null}
 */
export function siblingHub(href) {
  if (typeof window === "undefined" || window.parent === window) return null;
  let count = 0;
  try {
    count = window.parent.length;
  } catch {
    return null;
  }
  for (let i = 0; i < count; i++) {
    try {
      const frame = window.parent[i];
      if (!frame || frame === window || frame.closed) continue;
      // a frame of another origin than ours cannot be read: not one of ours
      if (frame.location.origin !== location.origin) continue;
      const hub = /** @type {any} */ (frame)[HUB_NAME];
      if (hub && hub.alive === true && hub.href === href) return { frame, hub };
    } catch {
      // another origin's frame, or one going away: not ours to use
    }
  }
  return null;
}
