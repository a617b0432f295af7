// The stores persist to localStorage; Node has none, and the prerendered page must render as on a
// first visit: an empty storage of its own. Imported before any store is created.
const memory = new Map<string, string>();
const storage = {
  getItem: (key: string) => memory.get(key) ?? null,
  setItem: (key: string, value: string) => void memory.set(key, value),
  removeItem: (key: string) => void memory.delete(key),
};
Object.assign(globalThis, { window: { localStorage: storage }, localStorage: storage });
