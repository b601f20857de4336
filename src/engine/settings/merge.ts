// pi's merge of global and project settings (spec §8, 1x §12).
// 0.73: one level deep (an object key present in both is shallow-merged, project wins per field).
// 1.6: recursive. In both, an `undefined` project value is ignored and arrays/primitives replace.
import type { PiProfile } from "../types.js";

export type SettingsObject = Record<string, unknown>;

const isMergeable = (v: unknown): v is SettingsObject => typeof v === "object" && v !== null && !Array.isArray(v);

export function mergeSettings(global: SettingsObject, project: SettingsObject, profile: PiProfile): SettingsObject {
  return profile === "1.6" ? deepMerge(global, project) : mergeOneLevel(global, project);
}

function mergeOneLevel(base: SettingsObject, overrides: SettingsObject): SettingsObject {
  const result: SettingsObject = { ...base };
  for (const key of Object.keys(overrides)) {
    const value = overrides[key];
    if (value === undefined) continue;
    const baseValue = base[key];
    result[key] = isMergeable(value) && isMergeable(baseValue) ? { ...baseValue, ...value } : value;
  }
  return result;
}

// Recursion depth is bounded by the nesting of a settings file, not by session size.
function deepMerge(base: SettingsObject, overrides: SettingsObject): SettingsObject {
  const result: SettingsObject = { ...base };
  for (const key of Object.keys(overrides)) {
    const value = overrides[key];
    if (value === undefined) continue;
    const baseValue = base[key];
    result[key] = isMergeable(value) && isMergeable(baseValue) ? deepMerge(baseValue, value) : value;
  }
  return result;
}

/** The value at a key path, or undefined when any step is missing or not an object. */
export function valueAt(obj: unknown, path: readonly string[]): unknown {
  let cur: unknown = obj;
  for (const key of path) {
    if (!isMergeable(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}
