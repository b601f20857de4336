// Types of dependency-patches.mjs, for the tests that check the patches.
export interface DependencyPatch {
  name: string;
  file: RegExp;
  from: string;
  to: string;
  append?: string;
}
export declare const NARROW_SYMBOLS: string;
export declare const packageJsonFromBundle: DependencyPatch;
export declare const yogaWithoutFetch: DependencyPatch;
export declare const inkUnnamedCtrlKey: DependencyPatch;
export declare const stringWidthNarrowSymbols: DependencyPatch;
export declare const styledCharsSameStyle: DependencyPatch;
export declare const INK_FRAME_CACHE_LIMIT: number;
export declare const inkOutputCachesAcrossFrames: DependencyPatch & { append: string };
export declare const inkWidestLineAcrossFrames: DependencyPatch & { append: string };
export declare const inkTruncateToWidth: DependencyPatch & { append: string };
export declare const inkFrameGridShared: DependencyPatch & { append: string };
export declare const inkCharWidthsKept: DependencyPatch;
export declare const inkSanitizedTextsKept: DependencyPatch & { append: string };
export declare const ONE_UNIT_GRAPHEMES: string;
export declare const tokenizeOneUnitGraphemes: DependencyPatch & { append: string };
export declare const stringWidthClustersKept: DependencyPatch & { append: string };
export declare const styledCharsShareStyles: DependencyPatch;
export declare const DEPENDENCY_PATCHES: DependencyPatch[];
