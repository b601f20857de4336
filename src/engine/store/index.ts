// Barrel of store/: the only modules that touch the file system.
//   readSessionFile(path, profile) -> {loaded, snapshot{path,size,mtimeMs,tailSha256}}; SessionReadError
//   readFileBytes, tailSha256, describeFsError -> read-only byte access, snapshot hash, one-line fs errors
//   listSessions(opts) / readSessionInfo(path, profile) -> pi's SessionInfo (+ size, branches, compactions, damage);
//   listSessionsInSteps(opts) -> the same a file per step (SessionListing: step, done of total, result); listToEnd(listing)
//   SessionInfoCache -> what listings read, kept per file while its size, time and inode stay (their cache option)
//   hasAnySession(opts) -> whether pi's listAll lists any session, reading files only until one is listed
//   startsWithSessionHeader / firstLineIsSessionHeader -> cheap header checks (recall --all's file set; the picker's Enter)
//   resolveAgentDir(env, home, profile?) -> pi's agent dir
//   encodeCwd, defaultSessionDir, allSessionsRoot, listAllSessionFiles -> pi's session folder rules per release
//   unusableAgentDir -> $PI_CODING_AGENT_DIR when pi 1.6 cannot use it; listedValues, isListedByPi -> whether pi lists a file
//   readSettingsFiles({agentDir, cwd, profile}) -> {global, project, paths, diagnostics}
export * from "./read.js";
//   openSessionBytes / readSessionFirstLook -> {loaded, snapshot, pending}: the explorer's open, a first look at a large
//   file (long tool results and user messages parsed on first read); exactLoadSteps(pending) / exactLoad(pending) -> the
//   exact load after it; releaseFirstLook(pending) once it is replaced
export * from "./first-look.js";
export { finishSteps } from "./scan-bytes.js";
//   checkSnapshot(snapshot) -> unchanged | changed (grewBy) | unreadable: a stat, for noticing pi's appends
export * from "./snapshot-check.js";
//   startFollow(loaded, snapshot, profile) / readFollowUpdate(point) -> lines pi appended, parsed alone; or why a whole read is due
//   watchPath(path, onChange, {pollMs, debounceMs}) -> fs.watch with a stat-poll fallback, for the open file and the picker's folder
export * from "./follow.js";
export * from "./watch-file.js";
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
//   findBundledDemo(startDir), makeDemoCopy(bundled, tempRoot), demoCopyExists, removeDemoCopy -> the demo's private working copy
export * from "./demo-copy.js";
//   sessionDigests({files, profile, timeZone, cacheFile}) / usageCacheFile(env, home) -> usage --all from its own cache
export * from "./usage-cache.js";
//   writeExportFile(path, text, {force, sourcePath}) / ExportWriteError -> an export, created exclusively unless forced
export * from "./export-file.js";
//   loadContextWindow({agentDir, model, piPackage?}) -> the model's context window from pi's model data
export * from "./model-data.js";
//   findPiPackage(env, command?, cwd?) / whichCommand / piPackageOfBin -> where the user's pi is installed
export * from "./pi-package.js";
//   openSessionFile(path, profile, {read}) / openSessionFileAsync -> the tree or one worded failure (message, reason): every front end opens through it
export * from "./open-session.js";
