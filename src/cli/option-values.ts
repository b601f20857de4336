// Typed access to parsed option values, with usage errors (exit 2) that say what was wrong.
import { DEFAULT_PROFILE, type PiProfile } from "../engine/index.js";
import type { CommandContext } from "./command.js";
import { usageError } from "./errors.js";

export function parseProfile(value: string | boolean | undefined): PiProfile {
  if (value === undefined) return DEFAULT_PROFILE;
  if (value === "1.6" || value === "0.73") return value;
  throw usageError(`--pi must be 1.6 or 0.73, not "${String(value)}"`);
}

/** A string option, or undefined when absent. An empty value is a usage error. */
export function stringOption(ctx: CommandContext, name: string): string | undefined {
  const value = ctx.values[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value === "") throw usageError(`--${name} needs a value`);
  return value;
}

/** A non-negative integer option (token counts), or undefined when absent. */
export function countOption(ctx: CommandContext, name: string): number | undefined {
  const raw = stringOption(ctx, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw usageError(`--${name} must be a whole number of tokens (0 or more), not "${raw}"`);
  }
  return Number(raw);
}

/** The single FILE argument of a command that reads one session. */
export function fileArgument(ctx: CommandContext, usage: string): string {
  if (ctx.positionals.length === 0) throw usageError(`missing FILE (usage: pi-explorer ${usage})`);
  if (ctx.positionals.length > 1) {
    throw usageError(`unexpected argument "${ctx.positionals[1]}" (usage: pi-explorer ${usage})`);
  }
  return ctx.positionals[0];
}

export function noPositionals(ctx: CommandContext, usage: string): void {
  if (ctx.positionals.length > 0) {
    throw usageError(`unexpected argument "${ctx.positionals[0]}" (usage: pi-explorer ${usage})`);
  }
}
