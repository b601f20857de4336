// Reading the model data the user's pi keeps, for the model's context window (settings/context-window.ts
// decides): <agentDir>/models.json (custom models and overrides; pi allows comments in it), the catalog
// pi 1.x caches next to it (<agentDir>/models-store.json, provider id -> {models}), and the built-in
// model list of the installed pi package (@earendil-works/pi-ai's dist/providers/data/<provider>.json).
// Only data files are read: pi itself is never imported or run here.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ModelRef } from "../context/build-context.js";
import { contextWindowOf, type ContextWindow, type ModelData } from "../settings/context-window.js";

/** A JSON file, or undefined when it is missing or not valid JSON (pi then ignores it too). */
function readJson(path: string, comments = false): { path: string; value: unknown } | undefined {
  try {
    let text = readFileSync(path, "utf8");
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return { path, value: JSON.parse(comments ? stripJsonComments(text) : text) };
  } catch {
    return undefined;
  }
}

/** `//` and `/* *\/` comments outside strings removed (models.json may hold them). */
function stripJsonComments(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
      out += text.slice(start, i + 1);
    } else if (ch === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else if (ch === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 1;
    } else out += ch;
  }
  return out;
}

/** pi-ai's built-in data file for `provider` next to a pi-coding-agent package (nested or hoisted). */
function builtinFile(piPackage: string, provider: string): string | undefined {
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(provider)) return undefined;
  const rel = join("@earendil-works", "pi-ai", "dist", "providers", "data", `${provider}.json`);
  for (const base of [join(piPackage, "node_modules"), dirname(dirname(piPackage))]) {
    const file = join(base, rel);
    if (existsSync(file)) return file;
  }
  return undefined;
}

export interface ContextWindowInput {
  agentDir: string;
  model: ModelRef | null;
  /** The installed pi 1.x package folder (findPiPackage); undefined: no built-in list is read. */
  piPackage?: string;
}

/** The model's context window from the user's pi model data, with where it came from. */
export function loadContextWindow(input: ContextWindowInput): ContextWindow {
  if (input.model === null) return contextWindowOf(null, {});
  const data: ModelData = {
    modelsJson: readJson(join(input.agentDir, "models.json"), true),
    catalog: readJson(join(input.agentDir, "models-store.json")),
  };
  const builtin = input.piPackage === undefined ? undefined : builtinFile(input.piPackage, input.model.provider);
  if (builtin !== undefined) data.builtin = readJson(builtin);
  return contextWindowOf(input.model, data);
}
