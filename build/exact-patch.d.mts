// Types of exact-patch.mjs, for vitest.config.ts.
import type { DependencyPatch } from "./dependency-patches.mjs";
export declare function exactPatch(patch: DependencyPatch): { name: string; transform(code: string, id: string): { code: string; map: null } | null };
