// The model's context window as the user's pi knows it, from the model data pi keeps (read from disk
// by store/model-data.ts and passed in): models.json (custom models and per-model overrides), the
// catalog pi 1.x caches in the agent folder (models-store.json), and the model list the installed pi
// package ships. pi picks the same order: a models.json definition or override over the catalog over
// the built-in list. Nothing known: pi's fallback, named "assumed".
import type { ModelRef } from "../context/build-context.js";

/** pi's context window for a model it knows nothing about. */
export const ASSUMED_CONTEXT_WINDOW = 128000;

/** Where a context window figure came from, for the screen and the CLI to say. */
export type ContextWindowSource = "models.json" | "models.json (pi's default for a custom model)" | "pi's model catalog" | "pi's built-in models" | "assumed";

export interface ContextWindow {
  value: number;
  source: ContextWindowSource;
  /** The file the figure was read from (absent when assumed). */
  file?: string;
}

/** The parsed model data files (each undefined when missing or unreadable), with their paths. */
export interface ModelData {
  modelsJson?: { path: string; value: unknown };
  catalog?: { path: string; value: unknown };
  /** The installed pi's built-in list for the model's provider (pi-ai's providers/data/<provider>.json). */
  builtin?: { path: string; value: unknown };
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);
const positive = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : undefined);

/** A model's contextWindow in a list of model records (catalog and built-in shapes), chat models only. */
function windowInList(list: unknown, model: ModelRef): number | undefined {
  const models = Array.isArray(list) ? list : isRec(list) ? Object.values(list) : [];
  for (const m of models) {
    if (!isRec(m) || m.id !== model.modelId) continue;
    if (m.provider !== undefined && m.provider !== model.provider) continue;
    if (m.type !== undefined && m.type !== "chat") continue;
    const w = positive(m.contextWindow);
    if (w !== undefined) return w;
  }
  return undefined;
}

/** The context window of `model` from the user's pi model data, or the assumed fallback. */
export function contextWindowOf(model: ModelRef | null, data: ModelData): ContextWindow {
  if (model === null) return { value: ASSUMED_CONTEXT_WINDOW, source: "assumed" };
  const providers = isRec(data.modelsJson?.value) ? (data.modelsJson.value as Rec).providers : undefined;
  const provider = isRec(providers) ? providers[model.provider] : undefined;
  if (isRec(provider) && data.modelsJson) {
    const override = isRec(provider.modelOverrides) ? provider.modelOverrides[model.modelId] : undefined;
    const overridden = isRec(override) ? positive(override.contextWindow) : undefined;
    if (overridden !== undefined) return { value: overridden, source: "models.json", file: data.modelsJson.path };
    const defined = Array.isArray(provider.models) ? provider.models.find((m) => isRec(m) && m.id === model.modelId) : undefined;
    if (isRec(defined)) {
      const w = positive(defined.contextWindow);
      return w !== undefined
        ? { value: w, source: "models.json", file: data.modelsJson.path }
        : { value: ASSUMED_CONTEXT_WINDOW, source: "models.json (pi's default for a custom model)", file: data.modelsJson.path };
    }
  }
  const cached = isRec(data.catalog?.value) ? (data.catalog.value as Rec)[model.provider] : undefined;
  const fromCatalog = isRec(cached) ? windowInList(cached.models, model) : undefined;
  if (fromCatalog !== undefined && data.catalog) return { value: fromCatalog, source: "pi's model catalog", file: data.catalog.path };
  if (data.builtin && isRec(data.builtin.value)) {
    // pi-ai's data files group models by API: { "anthropic-messages": { "chat:id": {...} } }.
    for (const group of Object.values(data.builtin.value)) {
      const w = windowInList(group, model);
      if (w !== undefined) return { value: w, source: "pi's built-in models", file: data.builtin.path };
    }
  }
  return { value: ASSUMED_CONTEXT_WINDOW, source: "assumed" };
}

/** Where a context window figure came from, as screens and the CLI word it: "models.json: <file>", or the source alone. */
export const contextWindowSourceText = (w: ContextWindow): string => (w.file ? `${w.source}: ${w.file}` : w.source);
