/**
 * Web storage that never throws: private modes and sandboxed iframes (Teams on some hosts)
 * can refuse storage, and a remembered view is never worth a crash.
 */
function store(kind: 'localStorage' | 'sessionStorage') {
  const area = (): Storage | undefined => {
    try {
      return window[kind];
    } catch {
      return undefined;
    }
  };
  return {
    get(key: string): string | null {
      try {
        return area()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        area()?.setItem(key, value);
      } catch {
        // Full or refused: the value is simply not remembered.
      }
    },
    remove(key: string): void {
      try {
        area()?.removeItem(key);
      } catch {
        // Nothing to remove from a refused store.
      }
    },
    getJSON<T>(key: string): T | undefined {
      const raw = this.get(key);
      if (raw === null) return undefined;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return undefined;
      }
    },
    setJSON(key: string, value: unknown): void {
      this.set(key, JSON.stringify(value));
    },
  };
}

export const localStore = store('localStorage');
export const sessionStore = store('sessionStorage');
