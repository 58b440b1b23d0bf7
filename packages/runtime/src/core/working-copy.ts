// The working copy behind the Engine: a shallow copy of the caller's state whose arrays are
// copied on their first write in a call (copy-on-write stamps), and the write version that
// memoised values are checked against. In read mode the caller's state itself is used and any
// write is an internal bug.
import { cloneRng, type RngState } from '../rng/index.ts';
import { CARD_CHUNK_BITS, shallowCopy, type GameState } from './state.ts';
import { CH_ALL, CH_CURRENT, CH_FLOW, CH_SEATS, CH_ZONES } from './trigger-reads.ts';

const OWN_ZONES = 1;
const OWN_CARDZONE = 2;
const OWN_VARS = 4;
const OWN_PILEVARS = 8;
const OWN_FAMILIES = 16;
const OWN_RATE = 32;
const OWN_ONCE = 64;
const OWN_EPOCHS = 128;
const OWN_RNG = 256;
const OWN_META = 512;
const OWN_OUT = 1024;

/** Which chunks of a chunked state array (epochs, the card→zone index) the current call has copied, by call generation. */
class ChunkStamps {
  private at = new Int32Array(32);
  /** True the first time chunk `index` is claimed in call `gen` (the caller then copies it), false after. */
  claim(index: number, gen: number): boolean {
    if (index >= this.at.length) {
      const grown = new Int32Array(Math.max(index + 1, 2 * this.at.length));
      grown.set(this.at);
      this.at = grown;
    }
    if (this.at[index] === gen) return false;
    this.at[index] = gen;
    return true;
  }
}

export class WorkingCopy {
  s!: GameState;
  now = 0;

  private writable = false;
  private gen = 1;
  /**
   * Write version: bumped by every write access and every new call (begin), except one that
   * opens the state the last read opened with nothing written since (openCopy); not by the fast
   * path's resume: the state is the same until a write, and what a memoised value also depends
   * on (`me`, the time) is part of its key (see Engine.memo).
   */
  protected ver = 0;
  private own = 0;
  private zoneStamp = new Int32Array(64);
  private familyStamp: Int32Array;
  private pileVarStamp: Int32Array;
  private readonly epochChunks = new ChunkStamps();
  private readonly cardZoneChunks = new ChunkStamps();

  // Incremental triggers (core/trigger-reads.ts): the write clock, the clock at each channel's
  // last write, and per trigger the clock when its test last returned false (-1: unknown).
  clock = 0;
  readonly chan: Float64Array;
  readonly cleanAt: Float64Array;
  /** The clock when the triggers last settled. */
  restAt = -1;
  /**
   * The last state an apply or tick of this engine returned right after its triggers settled
   * (every trigger live in its stage tested false, nothing written since): a call on it starts
   * with every trigger clean. Any other state (from setup, storage, a scenario's arrangement, a
   * bot's determinization, another room's) starts with every trigger to be tested. Returned
   * states are never mutated, so it changes no result, only what is re-tested. One slot, not a
   * WeakSet of every settled state: the set's insertions and their GC cost more than they save.
   */
  settled: GameState | null = null;
  private readonly varCh0: number;

  constructor(zoneDecls: number, pileVarCount: number, varCount = 0, triggerCount = 0) {
    this.familyStamp = new Int32Array(Math.max(1, zoneDecls));
    this.pileVarStamp = new Int32Array(Math.max(1, pileVarCount));
    this.varCh0 = CH_ZONES + zoneDecls;
    this.chan = new Float64Array(this.varCh0 + varCount);
    this.cleanAt = new Float64Array(triggerCount).fill(-1);
  }

  /** Stamps channel ch as written now. */
  mark(ch: number): void {
    this.chan[ch] = ++this.clock;
  }
  /** Stamps variable v's channel. */
  markVar(v: number): void {
    this.chan[this.varCh0 + v] = ++this.clock;
  }
  /** Starts the trigger bookkeeping of a new call on `state`: all clean when it settled, else all to test. */
  protected openTriggers(settled: boolean): void {
    if (settled) {
      // A loop, not TypedArray fill: a game has a handful of triggers, and the builtin's call
      // cost more than the stores (1.5 % of the public API's loop, once per apply).
      const cleanAt = this.cleanAt;
      const clock = this.clock;
      for (let t = 0; t < cleanAt.length; t++) cleanAt[t] = clock;
    } else this.mark(CH_ALL);
    this.restAt = -1;
  }

  /** The write version now (changes with every call and every write access). */
  version(): number {
    return this.ver;
  }

  /**
   * The line of states that follow from one another on this engine: memos kept by what they read
   * (Engine.memo) hold only within one line. A call on any state but `head` starts a new line.
   */
  protected line = 0;
  /**
   * Where the line is: the state the last read opened, or the one the last apply or tick returned
   * (core/api.ts `returned`); null while a write call runs, and after one that returned nothing.
   */
  private head: GameState | null = null;

  /** The working copy is the state this call returns: the line goes on from it. */
  returned(): void {
    this.head = this.s;
  }

  /** Opens a call: a fresh shallow copy of `state` when writable, the state itself when reading. */
  protected openCopy(state: GameState, writable: boolean): void {
    if (writable) {
      if (state !== this.head) this.line++;
      this.head = null;
    } else if (state !== this.head) {
      this.line++;
      this.head = state;
    }
    this.writable = writable;
    this.s = writable ? shallowCopy(state) : state;
    this.own = 0;
    this.gen++;
    // Opening the very state the last read read, nothing written since: the same version, so
    // what was memoised for it (defines, meld searches) still holds — states are never mutated,
    // and a write call's copy is that state until its first write, which bumps the version. A
    // server or a bot asks every seat's actions of one state in a row, then applies one.
    if (state === this.readState && this.ver === this.readVer) return;
    this.ver++;
    if (!writable) {
      this.readState = state;
      this.readVer = this.ver;
    }
  }
  /** The state the last read-only call opened and the version it had (see openCopy). */
  private readState: GameState | null = null;
  private readVer = -1;

  private mustWrite(): void {
    if (!this.writable) throw new Error('internal: write to the state in a read-only evaluation');
  }
  /** The zones array for a bulk rewrite (every trigger is re-tested). */
  wZones(): number[][] {
    this.mark(CH_ALL);
    return this.zonesForWrite();
  }
  private zonesForWrite(): number[][] {
    this.ver++;
    if ((this.own & OWN_ZONES) === 0) {
      this.mustWrite();
      this.s.zones = this.s.zones.slice();
      this.own |= OWN_ZONES;
    }
    return this.s.zones;
  }
  wZone(z: number): number[] {
    if (z >= this.zoneStamp.length) {
      const grown = new Int32Array(Math.max(z + 1, this.zoneStamp.length * 2));
      grown.set(this.zoneStamp);
      this.zoneStamp = grown;
    }
    const zones = this.zonesForWrite();
    this.chan[CH_ZONES + this.s.zoneDecl[z]] = ++this.clock;
    if (this.zoneStamp[z] !== this.gen) {
      zones[z] = zones[z].slice();
      this.zoneStamp[z] = this.gen;
    }
    return zones[z];
  }
  /** Adds a zone instance whose array is owned by this call. */
  pushZone(decl: number, owner: number): number {
    const zones = this.wZones();
    const meta = this.wMeta();
    const z = zones.length;
    zones.push([]);
    meta.zoneDecl.push(decl);
    meta.zoneOwner.push(owner);
    this.wZone(z);
    return z;
  }
  wMeta(): { zoneDecl: number[]; zoneOwner: number[] } {
    this.mark(CH_ALL);
    this.ver++;
    if ((this.own & OWN_META) === 0) {
      this.mustWrite();
      this.s.zoneDecl = this.s.zoneDecl.slice();
      this.s.zoneOwner = this.s.zoneOwner.slice();
      this.own |= OWN_META;
    }
    return this.s;
  }
  /** The chunk of `state.cardZone` holding `card` (at `card % CARD_CHUNK`), for writing. */
  wCardZoneChunk(card: number): number[] {
    this.ver++;
    if ((this.own & OWN_CARDZONE) === 0) {
      this.mustWrite();
      this.s.cardZone = this.s.cardZone.slice();
      this.own |= OWN_CARDZONE;
    }
    const index = card >> CARD_CHUNK_BITS;
    if (this.cardZoneChunks.claim(index, this.gen)) this.s.cardZone[index] = this.s.cardZone[index].slice();
    return this.s.cardZone[index];
  }
  wVars(): number[] {
    this.ver++;
    if ((this.own & OWN_VARS) === 0) {
      this.mustWrite();
      this.s.vars = this.s.vars.slice();
      this.own |= OWN_VARS;
    }
    return this.s.vars;
  }
  wPileVar(k: number): number[] {
    this.ver++;
    if ((this.own & OWN_PILEVARS) === 0) {
      this.mustWrite();
      this.s.pileVars = this.s.pileVars.slice();
      this.own |= OWN_PILEVARS;
    }
    if (this.pileVarStamp[k] !== this.gen) {
      this.s.pileVars[k] = this.s.pileVars[k].slice();
      this.pileVarStamp[k] = this.gen;
    }
    return this.s.pileVars[k];
  }
  wFamily(decl: number): number[] {
    this.mark(CH_ZONES + decl);
    this.ver++;
    if ((this.own & OWN_FAMILIES) === 0) {
      this.mustWrite();
      this.s.families = this.s.families.slice();
      this.own |= OWN_FAMILIES;
    }
    if (this.familyStamp[decl] !== this.gen) {
      this.s.families[decl] = this.s.families[decl].slice();
      this.familyStamp[decl] = this.gen;
    }
    return this.s.families[decl];
  }
  wRate(): number[] {
    this.ver++;
    if ((this.own & OWN_RATE) === 0) {
      this.mustWrite();
      this.s.rate = this.s.rate.slice();
      this.own |= OWN_RATE;
    }
    return this.s.rate;
  }
  wOnce(): number[] {
    this.ver++;
    if ((this.own & OWN_ONCE) === 0) {
      this.mustWrite();
      this.s.once = this.s.once.slice();
      this.own |= OWN_ONCE;
    }
    return this.s.once;
  }
  wOut(): number[] {
    this.mark(CH_SEATS);
    this.mark(CH_FLOW);
    this.ver++;
    if ((this.own & OWN_OUT) === 0) {
      this.mustWrite();
      this.s.out = this.s.out.slice();
      this.own |= OWN_OUT;
    }
    return this.s.out;
  }
  /** The epoch chunk at `index` of `state.epochs` (views/view-ids.ts `epochIndex`), for writing. */
  wEpochChunk(index: number): number[] {
    this.ver++;
    if ((this.own & OWN_EPOCHS) === 0) {
      this.mustWrite();
      this.s.epochs = this.s.epochs.slice();
      this.own |= OWN_EPOCHS;
    }
    if (this.epochChunks.claim(index, this.gen)) this.s.epochs[index] = this.s.epochs[index].slice();
    return this.s.epochs[index];
  }
  wRng(): RngState {
    this.ver++;
    if ((this.own & OWN_RNG) === 0) {
      this.mustWrite();
      this.s.rng = cloneRng(this.s.rng);
      this.own |= OWN_RNG;
    }
    return this.s.rng;
  }
  /** Writes a scalar field of the state (the working copy is already a shallow copy). */
  set<K extends keyof GameState>(key: K, value: GameState[K]): void {
    this.mustWrite();
    this.ver++;
    this.mark(key === 'current' ? CH_CURRENT : key === 'stage' || key === 'round' || key === 'result' ? CH_ALL : CH_FLOW);
    this.s[key] = value;
  }

  /**
   * Writes whose turn it is, its step and its deadline (startTurn, once per turn): `set` three
   * times, but with named stores. A keyed store through `set` is one stub per write where V8
   * does not inline it, and a turn-based game starts a turn after nearly every action.
   */
  setTurn(current: number, step: number, turnDeadline: number): void {
    this.mustWrite();
    this.ver++;
    this.mark(CH_CURRENT);
    this.mark(CH_FLOW);
    const s = this.s;
    s.current = current;
    s.step = step;
    s.turnDeadline = turnDeadline;
  }

  /** Counts a performed action (`accepted`: a player's, else a turn timer's) at this time. */
  countAction(accepted: boolean): void {
    this.mustWrite();
    this.ver++;
    const s = this.s;
    if (accepted) {
      s.accepted++;
      s.moves++;
    }
    s.lastAt = this.now;
  }
}
