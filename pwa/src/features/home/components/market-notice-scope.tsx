import { createContext, useContext, useEffect, useId, useState, useSyncExternalStore, type ReactNode } from 'react';

/** Who wants to say "prices are not live" on this page, in the order they mounted (tree order). */
class NoticeRegistry {
  private speakers: string[] = [];
  private listeners = new Set<() => void>();
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  first = () => this.speakers[0];
  add(id: string) {
    this.speakers.push(id);
    this.listeners.forEach((listener) => listener());
  }
  remove(id: string) {
    this.speakers = this.speakers.filter((speaker) => speaker !== id);
    this.listeners.forEach((listener) => listener());
  }
}

const RegistryContext = createContext<NoticeRegistry | null>(null);
const noSubscription = () => () => undefined;

/** A page whose market sections share one "not live" notice: the first section that needs it says it. */
export function MarketNoticeScope({ children }: { children: ReactNode }) {
  const [registry] = useState(() => new NoticeRegistry());
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

/** True when this component should show its market warning: outside a scope always, inside only the first. */
export function useSpeaksForMarket(warns: boolean): boolean {
  const registry = useContext(RegistryContext);
  const id = useId();
  useEffect(() => {
    if (!registry || !warns) return undefined;
    registry.add(id);
    return () => registry.remove(id);
  }, [registry, warns, id]);
  // Server-rendered and hydrating alike, no component has registered yet (that happens in effects).
  const current = () => registry?.first();
  const first = useSyncExternalStore(registry?.subscribe ?? noSubscription, current, current);
  return !registry || first === id;
}
