// Instances of the WebAssembly modules the engine embeds (recall/wasm/*-binary.ts, base64 made by
// build/wasm-modules.mjs): each module is compiled once per thread, at its first instance.

// The WebAssembly this uses (the project's lib has no DOM, and @types/node 20 declares none).
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, Record<string, unknown>>) => { readonly exports: Record<string, unknown> };
};

const compiled = new Map<string, object>();

/** The exports of a new instance of the module `base64` holds, given `imports`. */
export function instantiate<Exports>(base64: string, imports: Record<string, Record<string, unknown>> = {}): Exports {
  let module = compiled.get(base64);
  if (!module) {
    const text = atob(base64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    compiled.set(base64, (module = new WebAssembly.Module(bytes)));
  }
  return new WebAssembly.Instance(module, imports).exports as unknown as Exports;
}
