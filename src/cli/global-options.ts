// Options every command accepts.
import type { OptionSpec } from "./command.js";

export const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  json: { type: "boolean", help: "print one JSON document instead of text" },
  pi: { type: "string", valueName: "1.6|0.73", help: "which pi release to reproduce (default 1.6)" },
  help: { type: "boolean", short: "h", help: "show help" },
};
