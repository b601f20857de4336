// One context for what every screen needs (components/kit/app-context.tsx): env, profile, size and
// theme from the provider, a part of the screen through <ScreenArea>, and a clear error without one.
import { Component, type ReactNode } from "react";
import { Text } from "ink";
import { afterEach, describe, it } from "vitest";
import { ScreenArea, useAppContext, useTheme } from "../../components/kit/app-context.js";
import { TEST_ENV, TestAppContext } from "../support/app-context.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";

afterEach(() => cleanupInk());

/** Shows the message of an error thrown while rendering its children. */
class ShowError extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { message: error.message };
  }
  override render() {
    return this.state.message === null ? this.props.children : <Text>{this.state.message}</Text>;
  }
}

function Probe() {
  const { env, profile, size, theme } = useAppContext();
  return <Text>{`cwd=${env.cwd} profile=${profile} size=${size.columns}x${size.rows} colours=${theme.colors}`}</Text>;
}

describe("the app context", () => {
  it("gives env, profile, the terminal's size (following a resize) and the theme", async () => {
    const ui = await renderInk(<TestAppContext env={{ ...TEST_ENV, cwd: "/work", profile: "0.73" }}><Probe /></TestAppContext>, { columns: 90, rows: 20 });
    await ui.waitFor((f) => f.includes("cwd=/work profile=0.73 size=90x20 colours=true"));
    await ui.resize(50, 12);
    await ui.waitFor((f) => f.includes("size=50x12"));
  });

  it("NO_COLOR in the app's environment gives the theme without colours", async () => {
    const ui = await renderInk(<TestAppContext env={{ ...TEST_ENV, env: { NO_COLOR: "1" } }}><Probe /></TestAppContext>, { columns: 90, rows: 20 });
    await ui.waitFor((f) => f.includes("colours=false"));
  });

  it("a ScreenArea gives its children part of the screen", async () => {
    const ui = await renderInk(
      <TestAppContext>
        <ScreenArea rows={7}>
          <Probe />
        </ScreenArea>
      </TestAppContext>,
      { columns: 80, rows: 24 },
    );
    await ui.waitFor((f) => f.includes("size=80x7"));
  });

  it("a screen rendered without the provider says which one it needs; a dumb view gets the colour theme", async () => {
    const bare = await renderInk(<ShowError><Probe /></ShowError>, { columns: 120, rows: 10 });
    await bare.waitFor((f) => f.includes("no <AppContextProvider> above this screen"));
    bare.unmount();
    function Plain() {
      return <Text>{`colours=${useTheme().colors}`}</Text>;
    }
    const ui = await renderInk(<Plain />, { columns: 80, rows: 5 });
    await ui.waitFor((f) => f.includes("colours=true"));
  });
});
