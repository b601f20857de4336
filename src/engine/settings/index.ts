// Barrel of settings/: each module of this area is re-exported here.
//   resolveSettings({global, project, profile, env?, home?, cliSessionDir?, model?}) -> EffectiveSettings:
//     compaction {enabled, reserveTokens, keepRecentTokens}, branchSummary {reserveTokens, skipPrompt},
//     sessionDir — each as {value, source: default|global|project|env|cli, key}; problems; merged
//   mergeSettings(global, project, profile) -> pi's merge (0.73 one level, 1.6 recursive)
//   SETTINGS_DEFAULTS, valueAt
//   normalizePiPath, resolvePiPath, absoluteBaseDir, expandEnvPath, expandSettingsSessionDir, expandCliSessionDir
//     -> pi's "~" / file: URL expansion of each path that decides where sessions live, per release
export * from "./merge.js";
export * from "./effective.js";
export * from "./pi-paths.js";
//   contextWindowOf(model, modelData) -> {value, source, file?}: the model's window from pi's model data (else assumed)
export * from "./context-window.js";
