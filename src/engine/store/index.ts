// Barrel of store/: the only modules that touch the file system.
//   readSessionFile(path, profile) -> {loaded, snapshot{path,size,mtimeMs,tailSha256}}; SessionReadError
//   readFileBytes, tailSha256, describeFsError -> read-only byte access, snapshot hash, one-line fs errors
//   listSessions(opts) / readSessionInfo(path, profile) -> pi's SessionInfo (+ size, branches, compactions, damage)
//   resolveAgentDir(env, home, profile?) -> pi's agent dir
//   encodeCwd, defaultSessionDir, resolvePiPath, expandPiPath -> pi's session folder rules per release
//   readSettingsFiles({agentDir, cwd, profile}) -> {global, project, paths, diagnostics}
export * from "./read.js";
export * from "./sessions.js";
export * from "./settings-files.js";
//   loadUserSettings({env, home, cwd, profile, model?, cliSessionDir?}) -> resolved settings + problem lines
export * from "./user-settings.js";
//   appendEntries(request) / CommitError / acquireLock -> guarded append of a commit
//   writeNewSessionFile(path, header, entries) -> a fork's new file, created exclusively
export * from "./commit-error.js";
export * from "./lock.js";
export * from "./append.js";
export * from "./fork-file.js";
