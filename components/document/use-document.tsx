// Binds the document owner (document-store.ts) to screens: one store per open file, shared by every
// screen that shows it (the tree and the compaction preview over it), made by the provider the shell
// mounts. A screen gets the store for its path, and the store's state re-renders it on each change.
// The read starts in the layout effect of the first screen that shows the file, never during render.
import { createContext, useContext, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import type { PiProfile } from "../../src/engine/index.js";
import { useProfile } from "../kit/app-context.js";
import { DocumentStore, type DocumentState, type SeedDocument, type StoreOptions } from "./document-store.js";

/** The open files of the app, one store each, dropped when no screen shows them any more. */
export class DocumentRegistry {
  private readonly stores = new Map<string, { store: DocumentStore; users: number }>();

  constructor(
    readonly profile: PiProfile,
    private readonly options: StoreOptions = {},
  ) {}

  /** The store of `path`; `seed` (a tree read before mounting) is used only when the file is not open yet. */
  store(path: string, seed?: SeedDocument): DocumentStore {
    const open = this.stores.get(path);
    if (open) return open.store;
    const store = new DocumentStore(path, this.profile, seed, this.options);
    this.stores.set(path, { store, users: 0 });
    return store;
  }

  /** The store of a file some screen shows, if any (the compaction preview commits through it). */
  find(path: string): DocumentStore | undefined {
    return this.stores.get(path)?.store;
  }

  retain(store: DocumentStore): void {
    const open = this.stores.get(store.path);
    if (open?.store === store) open.users++;
    store.retain();
  }

  release(store: DocumentStore): void {
    store.release();
    const open = this.stores.get(store.path);
    if (open?.store === store && --open.users <= 0) this.stores.delete(store.path);
  }
}

const RegistryContext = createContext<DocumentRegistry | null>(null);

export function DocumentsProvider({ registry, children }: { registry: DocumentRegistry; children: ReactNode }) {
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

/** The registry of the app (undefined for a screen rendered on its own, as in unit tests). */
export const useDocumentRegistry = (): DocumentRegistry | undefined => useContext(RegistryContext) ?? undefined;

/**
 * The store of the file at `path` and its state, kept current. The first screen to show a file
 * starts its read (and the watching); the last one to go stops them.
 */
export function useDocument(path: string, seed?: SeedDocument): { store: DocumentStore; state: DocumentState } {
  const registry = useDocumentRegistry();
  const profile = useProfile();
  // Made once per screen (a constructor does no I/O): the read starts in the effect below.
  const [own] = useState(() => (registry ? undefined : new DocumentRegistry(profile)));
  const owner = registry ?? own!;
  const [store] = useState(() => owner.store(path, seed));
  const state = useSyncExternalStore(store.subscribe, store.getState);
  // A small file is read by retain at once; the store's subscribers (this screen) then re-render.
  useLayoutEffect(() => {
    owner.retain(store);
    return () => owner.release(store);
  }, [owner, store]);
  return { store, state };
}
