// The test kit's provider for a screen rendered alone (without <App>): the context the shell gives
// every screen (env, profile, size, theme; components/kit/app-context.tsx). Without `size` the size is
// the fake terminal's, following its resize, as under <App>.
import type { ReactNode } from "react";
import { AppContextProvider, FixedAppContext } from "../../components/kit/app-context.js";
import type { AppEnv } from "../../components/kit/screen-contract.js";

export const TEST_ENV: AppEnv = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" };

export function TestAppContext({ env = TEST_ENV, size, children }: { env?: AppEnv; size?: { columns: number; rows: number }; children?: ReactNode }) {
  if (size === undefined) return <AppContextProvider env={env}>{children}</AppContextProvider>;
  return (
    <FixedAppContext env={env} size={size}>
      {children}
    </FixedAppContext>
  );
}
