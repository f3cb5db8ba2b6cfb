/**
 * A record, kept on globalThis, of the module instances each federated app runs with. It lives on
 * globalThis rather than in module state so that it still works when this package itself has been
 * loaded twice, which is exactly the failure it exists to catch.
 */
export type SingletonName = 'react' | 'react-dom' | 'react-router' | 'auth-store' | 'i18n';

export type SingletonRegistry = Map<SingletonName, Map<string, unknown>>;

export type Duplicate = { name: SingletonName; owners: string[] };

const REGISTRY_KEY = '__ENTRY_SINGLETONS__';

type RegistryHolder = { [REGISTRY_KEY]?: SingletonRegistry };

export const getSingletonRegistry = (): SingletonRegistry => {
  const holder = globalThis as RegistryHolder;
  holder[REGISTRY_KEY] ??= new Map();
  return holder[REGISTRY_KEY];
};

/** Records the instances `owner` (the shell or a remote) was given; returns any that differ from the others'. */
export const registerSingletons = (
  owner: string,
  instances: Partial<Record<SingletonName, unknown>>,
): Duplicate[] => {
  const registry = getSingletonRegistry();
  for (const [name, instance] of Object.entries(instances) as [SingletonName, unknown][]) {
    const byOwner = registry.get(name) ?? new Map<string, unknown>();
    byOwner.set(owner, instance);
    registry.set(name, byOwner);
  }
  return findDuplicates(registry);
};

/** Every singleton for which the apps hold more than one distinct instance. */
export const findDuplicates = (registry: SingletonRegistry = getSingletonRegistry()): Duplicate[] =>
  [...registry].flatMap(([name, byOwner]) => {
    const distinct = new Set(byOwner.values());
    return distinct.size > 1 ? [{ name, owners: [...byOwner.keys()] }] : [];
  });
