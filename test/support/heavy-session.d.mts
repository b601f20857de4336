// Types for heavy-session.mjs (plain JS so the bench can run it too).
export interface HeavySessionOptions {
  seed?: string;
  turns?: number;
  heavyEvery?: number;
  minKB?: number;
  maxKB?: number;
  cwd?: string;
}
export const HEAVY_PIECES: readonly string[];
export function heavySessionText(options?: HeavySessionOptions): string;
export function writeHeavySession(path: string, options?: HeavySessionOptions): number;
