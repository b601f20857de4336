// Types of toolchain-bindings.mjs, for its test.
export function platformTriple(platform?: string, arch?: string, musl?: boolean): string;
