// Short sounds synthesized with WebAudio (no audio files): a tile's click, a draw, a claim,
// a win, a timer tick. The audio context starts on the first user gesture, as browsers
// require; muting is remembered.

const STORE = "mahjong.muted";

export class Sound {
  constructor() {
    this.ctx = null;
    this.muted = readMuted();
    this.noise = null;
  }

  /** Call from a user gesture: browsers only start audio after one. */
  unlock() {
    if (this.ctx || this.muted) return;
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return;
    try {
      this.ctx = new AC();
    } catch {
      this.ctx = null;
    }
  }

  setMuted(muted) {
    this.muted = muted;
    try {
      localStorage.setItem(STORE, muted ? "1" : "0");
    } catch {
      // storage may be blocked inside an iframe; the toggle still works for this visit
    }
    if (!muted) this.unlock();
  }

  play(name) {
    if (this.muted || !this.ctx || this.ctx.state === "closed") return;
    if (this.ctx.state === "suspended") this.ctx.resume().catch(() => {});
    const now = this.ctx.currentTime;
    switch (name) {
      case "discard":
        this.click(now, 1900, 0.06, 0.5);
        this.click(now + 0.012, 900, 0.05, 0.25);
        break;
      case "draw":
        this.click(now, 2600, 0.035, 0.18);
        break;
      case "claim":
        this.tone(now, 523, 0.09, 0.22, "triangle");
        this.tone(now + 0.08, 784, 0.12, 0.22, "triangle");
        break;
      case "kong":
        this.tone(now, 392, 0.08, 0.22, "square");
        this.tone(now + 0.07, 523, 0.08, 0.2, "square");
        this.tone(now + 0.14, 659, 0.14, 0.18, "triangle");
        break;
      case "win":
        [523, 659, 784, 1047].forEach((f, i) => this.tone(now + i * 0.09, f, 0.22, 0.22, "triangle"));
        break;
      case "draw_game":
        this.tone(now, 330, 0.25, 0.18, "sine");
        this.tone(now + 0.2, 262, 0.35, 0.18, "sine");
        break;
      case "tick":
        this.tone(now, 1320, 0.03, 0.12, "square");
        break;
      case "turn":
        this.tone(now, 880, 0.06, 0.1, "sine");
        break;
      case "moment": // a Longyan moment or a Xinyu bonus pattern called out on the table (moments.js)
        [659, 988, 1319].forEach((f, i) => this.tone(now + i * 0.07, f, 0.3, 0.16, "sine"));
        break;
      case "reveal":
        this.click(now, 1400, 0.05, 0.3);
        this.tone(now + 0.03, 740, 0.12, 0.12, "triangle");
        break;
      case "error":
        this.tone(now, 196, 0.2, 0.2, "sawtooth");
        break;
      default:
        break;
    }
  }

  tone(at, freq, dur, gain, type) {
    const osc = this.ctx.createOscillator();
    const g = this.ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, at);
    g.gain.setValueAtTime(0.0001, at);
    g.gain.exponentialRampToValueAtTime(gain, at + 0.01);
    g.gain.exponentialRampToValueAtTime(0.0001, at + dur);
    osc.connect(g).connect(this.ctx.destination);
    osc.start(at);
    osc.stop(at + dur + 0.02);
  }

  click(at, freq, dur, gain) {
    // a burst of filtered noise: the knock of a tile on the table
    if (!this.noise) {
      const length = Math.round(this.ctx.sampleRate * 0.1);
      this.noise = this.ctx.createBuffer(1, length, this.ctx.sampleRate);
      const data = this.noise.getChannelData(0);
      for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / length) ** 2;
    }
    const src = this.ctx.createBufferSource();
    src.buffer = this.noise;
    const filter = this.ctx.createBiquadFilter();
    filter.type = "bandpass";
    filter.frequency.value = freq;
    filter.Q.value = 3;
    const g = this.ctx.createGain();
    g.gain.setValueAtTime(gain, at);
    g.gain.exponentialRampToValueAtTime(0.0001, at + dur);
    src.connect(filter).connect(g).connect(this.ctx.destination);
    src.start(at);
    src.stop(at + dur + 0.02);
  }
}

function readMuted() {
  try {
    return localStorage.getItem(STORE) === "1";
  } catch {
    return false;
  }
}
