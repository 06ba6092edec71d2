import { useSyncExternalStore } from 'react';
import { isTask, type SessionData, type Task } from '@nusa/contracts';
import { SESSION_KEYS, STORAGE_KEYS } from './storage-keys.ts';
import { isTenantCode, tenantFromHost } from './tenant.ts';

/** The session data with its tasks typed as the catalogue's names (a name this build does not know is dropped). */
export type WebSession = Omit<SessionData, 'tasks'> & { tasks: Task[] };

const withTaskNames = (data: SessionData): WebSession => ({ ...data, tasks: data.tasks.filter(isTask) });

/** What the browser keeps of a login (spec 3): the session data and, separately, the work token. */
export interface SessionState {
  data: WebSession | null;
  token: string | null;
  /** A call with the work token was refused (401): the session-expired dialog is open until the user leaves. */
  expired: boolean;
}

const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string | null) {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch {
      // Storage can be disabled (private mode, quota); the session then lives in memory only.
    }
  },
};

function readSession(): SessionState {
  const token = storage.get(STORAGE_KEYS.token);
  const raw = storage.get(STORAGE_KEYS.session);
  if (!token || !raw) return { data: null, token: null, expired: false };
  try {
    const data = JSON.parse(raw) as SessionData;
    if (typeof data?.userId !== 'string' || !Array.isArray(data.tasks)) return { data: null, token: null, expired: false };
    return { data: withTaskNames(data), token, expired: false };
  } catch {
    return { data: null, token: null, expired: false };
  }
}

let state: SessionState = readSession();
const listeners = new Set<() => void>();
const publish = (next: SessionState) => {
  state = next;
  for (const fn of listeners) fn();
};

// Another tab logging in or out changes what this tab may show.
window.addEventListener('storage', (e) => {
  if (e.key === null || e.key === STORAGE_KEYS.token || e.key === STORAGE_KEYS.session) publish(readSession());
});

export const sessionStore = {
  get: () => state,
  subscribe(fn: () => void) {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
  start(data: SessionData, token: string) {
    storage.set(STORAGE_KEYS.session, JSON.stringify(data));
    storage.set(STORAGE_KEYS.token, token);
    publish({ data: withTaskNames(data), token, expired: false });
  },
  /** Fresh session data from /auth/me (tasks may have changed since login). */
  update(data: SessionData) {
    const current = state.data;
    if (!state.token || !current || current.sessionId !== data.sessionId) return;
    // /auth/me does not know the previous login time; the login answer did.
    const next = withTaskNames({ ...data, userConfig: { ...data.userConfig, lastLogin: data.userConfig.lastLogin ?? current.userConfig.lastLogin } });
    if (JSON.stringify(next) === JSON.stringify(current)) return;
    storage.set(STORAGE_KEYS.session, JSON.stringify(next));
    publish({ ...state, data: next });
  },
  /** Spec 4 logout: clears the stored session; the remembered login, language and organisation stay. */
  end() {
    for (const key of SESSION_KEYS) storage.set(key, null);
    publish({ data: null, token: null, expired: false });
  },
  markExpired() {
    if (state.token && !state.expired) publish({ ...state, expired: true });
  },
};

export const useSessionState = () => useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
export const useSession = () => useSessionState().data;
/** The tasks of the logged-in user (none when logged out). */
export const useHeldTasks = (): readonly Task[] => useSession()?.tasks ?? [];

export const rememberedLogin = {
  get: () => storage.get(STORAGE_KEYS.rememberedUsername),
  set: (username: string | null) => storage.set(STORAGE_KEYS.rememberedUsername, username),
};

export const preferences = {
  language: () => storage.get(STORAGE_KEYS.language),
  setLanguage: (lang: string) => storage.set(STORAGE_KEYS.language, lang),
  tenant: () => storage.get(STORAGE_KEYS.tenant),
  setTenant: (code: string | null) => storage.set(STORAGE_KEYS.tenant, code),
};

/** The organisation a login goes to: the one chosen on the login page, else the host's first label, else demo. */
export function loginTenant(): string {
  const chosen = preferences.tenant();
  return chosen && isTenantCode(chosen) ? chosen : tenantFromHost(window.location.hostname);
}

/** The organisation of the next call: the session's, else the login organisation. */
export const currentTenant = (): string => state.data?.xTenantDefault ?? loginTenant();
