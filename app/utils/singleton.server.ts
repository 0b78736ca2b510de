// Keeps one instance per process, also across the development server's rebuilds.
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as { __singletons?: Map<string, unknown> };
  store.__singletons ??= new Map();
  if (!store.__singletons.has(name)) store.__singletons.set(name, create());
  return store.__singletons.get(name) as T;
}

/** Forgets one instance and returns it; tests use it to point at another data folder. */
export function forgetSingleton(name: string): unknown {
  const store = (globalThis as unknown as { __singletons?: Map<string, unknown> }).__singletons;
  const value = store?.get(name);
  store?.delete(name);
  return value;
}
