// Short table sounds made with WebAudio (no audio files): your turn, a lost race, the end of a round; a mute kept in this browser.

export type Cue = 'turn' | 'lost' | 'round';

const MUTE = 'decksmith:mute';

/** Each cue as notes: [frequency Hz, start s, length s, wave]. */
const NOTES: Record<Cue, [number, number, number, OscillatorType][]> = {
  turn: [
    [660, 0, 0.09, 'sine'],
    [880, 0.1, 0.12, 'sine'],
  ],
  lost: [
    [300, 0, 0.12, 'square'],
    [200, 0.11, 0.18, 'square'],
  ],
  round: [
    [523, 0, 0.12, 'triangle'],
    [659, 0.12, 0.12, 'triangle'],
    [784, 0.24, 0.25, 'triangle'],
  ],
};

function stored(): boolean {
  try {
    return localStorage.getItem(MUTE) === '1';
  } catch {
    return false;
  }
}

class Sound {
  muted = $state(stored());
  /** The last cue asked for (played or muted): shown on the mute button for people and tests. */
  last = $state<Cue | null>(null);
  private ctx: AudioContext | null = null;

  toggle(): void {
    this.muted = !this.muted;
    try {
      localStorage.setItem(MUTE, this.muted ? '1' : '0');
    } catch {
      // Private mode: the mute holds for this page only.
    }
  }

  /** Plays a cue unless muted. Browsers start audio only after a gesture on the page: before that, nothing is heard. */
  play(cue: Cue): void {
    this.last = cue;
    if (this.muted || typeof AudioContext === 'undefined') return;
    this.ctx ??= new AudioContext();
    const ctx = this.ctx;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
    const t0 = ctx.currentTime + 0.01;
    for (const [freq, start, length, type] of NOTES[cue]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = type;
      osc.frequency.value = freq;
      // A quick attack and an exponential release: a click-free blip, quiet.
      gain.gain.setValueAtTime(0.0001, t0 + start);
      gain.gain.exponentialRampToValueAtTime(0.12, t0 + start + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + start);
      osc.stop(t0 + start + length + 0.02);
    }
  }
}

export const sound = new Sound();
