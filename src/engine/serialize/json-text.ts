// JSON.stringify without the call stack: a session line may nest 100,000 levels (pi writes what the
// model sent), and JSON.stringify recurses once per level. The native one runs first (it is exact and
// fast); only a value too deep for it is written by the loop below, with the same output.

type Frame =
  | { kind: "array"; items: readonly unknown[]; next: number }
  | { kind: "object"; source: Record<string, unknown>; keys: string[]; next: number; wrote: boolean };

const isStackOverflow = (error: unknown): boolean => error instanceof RangeError;

/**
 * JSON.stringify(value, null, space) for JSON data (plus toJSON and undefined as JSON.stringify treats
 * them), at any depth. undefined where JSON.stringify gives undefined (undefined, a function). A value
 * too deep for JSON.stringify is written without indentation: indented, its text would grow with the
 * square of its depth (100,000 levels: ten billion spaces).
 */
export function stringifyJson(value: unknown, space = 0): string | undefined {
  try {
    return JSON.stringify(value, null, space) as string | undefined;
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    return stringifyDeep(value);
  }
}

/** stringifyJson of a value known to be JSON data (an object or array read from a session line). */
export const jsonText = (value: object, space = 0): string => stringifyJson(value, space) ?? "";

function toJsonValue(value: unknown, key: string): unknown {
  if (value !== null && typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function") {
    return (value as { toJSON(key: string): unknown }).toJSON(key);
  }
  return value;
}

/** A scalar's text, undefined for what JSON leaves out, null for a container. */
function scalarText(value: unknown): string | undefined | null {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? String(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    case "bigint":
      throw new TypeError("Do not know how to serialize a BigInt");
    case "undefined":
    case "function":
    case "symbol":
      return undefined;
    default:
      return value === null ? "null" : null;
  }
}

/** JSON.stringify(root) with an explicit stack instead of recursion. */
function stringifyDeep(root: unknown): string | undefined {
  const out: string[] = [];
  const stack: Frame[] = [];
  const seen = new Set<object>();

  // Writes `value` (already through toJSON); a container pushes a frame. false: nothing written (undefined).
  const open = (value: unknown): boolean => {
    const scalar = scalarText(value);
    if (scalar === undefined) return false;
    if (scalar !== null) {
      out.push(scalar);
      return true;
    }
    const container = value as object;
    if (seen.has(container)) throw new TypeError("Converting circular structure to JSON");
    seen.add(container);
    if (Array.isArray(container)) {
      out.push("[");
      stack.push({ kind: "array", items: container, next: 0 });
    } else {
      out.push("{");
      stack.push({ kind: "object", source: container as Record<string, unknown>, keys: Object.keys(container), next: 0, wrote: false });
    }
    return true;
  };

  if (!open(toJsonValue(root, ""))) return undefined;
  while (stack.length > 0) {
    const frame = stack.at(-1)!;
    if (frame.kind === "array") {
      if (frame.next === frame.items.length) {
        out.push("]");
        seen.delete(frame.items);
        stack.pop();
        continue;
      }
      const i = frame.next++;
      if (i > 0) out.push(",");
      if (!open(toJsonValue(frame.items[i], String(i)))) out.push("null");
      continue;
    }
    if (frame.next === frame.keys.length) {
      out.push("}");
      seen.delete(frame.source);
      stack.pop();
      continue;
    }
    const key = frame.keys[frame.next++];
    const value = toJsonValue(frame.source[key], key);
    if (scalarText(value) === undefined) continue;
    out.push(`${frame.wrote ? "," : ""}${JSON.stringify(key)}:`);
    frame.wrote = true;
    open(value);
  }
  return out.join("");
}
