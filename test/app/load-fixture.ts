// Loads fixtures/app sessions into the engine's SessionTree.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildTree, parseSession, type SessionTree } from "../../src/engine/index.js";
import { FIXTURES } from "../support/shared.js";

export const treeFromText = (text: string): SessionTree => buildTree(parseSession(text, "1.6"));
export const fixturePath = (name: string): string => join(FIXTURES, "app", name);
export const loadFixtureTree = (name: string): SessionTree => treeFromText(readFileSync(fixturePath(name), "utf8"));
