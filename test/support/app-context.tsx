// The test kit's provider for a screen rendered alone (without <App>): the context the shell gives
// every screen (env, profile, size, theme; components/kit/app-context.tsx).
import type { ReactNode } from "react";
import { FixedAppContext } from "../../components/kit/app-context.js";
import type { AppEnv } from "../../components/kit/screen-contract.js";

export const TEST_ENV: AppEnv = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" };

export function TestAppContext({ env = TEST_ENV, size, children }: { env?: AppEnv; size: { columns: number; rows: number }; children?: ReactNode }) {
  return (
    <FixedAppContext env={env} size={size}>
      {children}
    </FixedAppContext>
  );
}
