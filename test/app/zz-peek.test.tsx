import { test } from "vitest";
import { App } from "../../components/app/App.js";
import { renderInk } from "../support/ink-kit.js";
import { loadFixtureTree, fixturePath } from "./load-fixture.js";
test("peek app", async () => {
  const tree = loadFixtureTree("branched.jsonl");
  const ui = await renderInk(<App env={{ cwd: "/", home: "/home/u", env: {}, profile: "1.6" }} initial={{ kind: "tree", path: fixturePath("branched.jsonl"), fromPicker: false }} initialTree={tree} />, { columns: 140, rows: 24 });
  console.log(ui.frame());
  await ui.press("up", "up");
  await ui.press("enter");
  console.log(ui.frame());
  await ui.press("escape", "?");
  console.log(ui.frame());
  ui.unmount();
});
