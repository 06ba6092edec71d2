import type { InboxConversation } from '@nusa/contracts';

/** The agent's alert choices, kept in this browser. Sound is on until muted; browser notifications need a yes. */
export interface AlertSettings {
  sound: boolean;
  desktop: boolean;
}
const KEY = 'nusa.inbox.alerts';

export function readAlertSettings(): AlertSettings {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<AlertSettings>;
    return { sound: saved.sound !== false, desktop: saved.desktop === true };
  } catch {
    return { sound: true, desktop: false };
  }
}

export function saveAlertSettings(s: AlertSettings): void {
  localStorage.setItem(KEY, JSON.stringify(s));
}

/**
 * The hand-overs to announce: conversations waiting now that were not waiting in the previous list. The first list
 * (`previous` undefined) announces nothing: what waited before the page opened is not new.
 */
export function newHandovers(previous: ReadonlySet<string> | undefined, items: readonly InboxConversation[]): InboxConversation[] {
  if (!previous) return [];
  return items.filter((c) => c.status === 'waiting' && !previous.has(c.id));
}

export const waitingIds = (items: readonly InboxConversation[]) => new Set(items.filter((c) => c.status === 'waiting').map((c) => c.id));

let audio: AudioContext | undefined;
/** Made (or resumed) from a user's click, so that later chimes may play under the browsers' autoplay rules. */
export function unlockSound(): void {
  audio ??= new AudioContext();
  void audio.resume();
}

/** A short two-note chime (no sound file to load). */
export function playChime(): void {
  if (!audio || audio.state !== 'running') return;
  const start = audio.currentTime;
  [880, 1320].forEach((hz, i) => {
    const osc = audio!.createOscillator();
    const gain = audio!.createGain();
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, start + i * 0.15);
    gain.gain.exponentialRampToValueAtTime(0.2, start + i * 0.15 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.15 + 0.25);
    osc.connect(gain).connect(audio!.destination);
    osc.start(start + i * 0.15);
    osc.stop(start + i * 0.15 + 0.3);
  });
}

export const notificationsSupported = () => typeof Notification !== 'undefined';
