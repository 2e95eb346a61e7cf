// Globals the page's modules share (tsc --checkJs only; the browser never loads this file).

interface Window {
  /** The public API of API.md (loader.js, then api.js): its shape is documented in docs/embedding.md. */
  mahjong: any;
  /** Safari's old name for AudioContext (sound.js). */
  webkitAudioContext?: typeof AudioContext;
}
