// The user's pi as the app sees it: found once per PATH and pi command (finding it runs its Node
// once), off the render path.
import { useEffect, useState } from "react";
import { findPi, findPiAsync, type FindPiResult } from "../../src/pi-bridge/find-pi.js";
import type { AppEnv } from "../kit/screen-contract.js";

const cache = new Map<string, FindPiResult>();
const keyOf = (env: AppEnv): string => `${env.env.PATH ?? ""}\0${env.env.PI_EXPLORER_PI_COMMAND ?? ""}`;

/** The user's pi (looked for once per PATH and command). */
export function findUserPi(env: AppEnv): FindPiResult {
  const key = keyOf(env);
  let result = cache.get(key);
  if (result === undefined) {
    result = findPi({ env: env.env, cwd: env.cwd });
    cache.set(key, result);
  }
  return result;
}

/** The user's pi for a screen; undefined while it is looked for, or without an `env` to look in. */
export function useUserPi(env: AppEnv | undefined): FindPiResult | undefined {
  const [result, setResult] = useState<FindPiResult | undefined>(() => (env ? cache.get(keyOf(env)) : undefined));
  useEffect(() => {
    if (result !== undefined || env === undefined) return;
    // Without blocking: the lookup runs pi's Node once.
    let live = true;
    void findPiAsync({ env: env.env, cwd: env.cwd }).then((found) => {
      cache.set(keyOf(env), found);
      if (live) setResult(found);
    });
    return () => {
      live = false;
    };
  }, [env, result]);
  return result;
}
