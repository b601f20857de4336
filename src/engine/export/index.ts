// Barrel of export/: a path (or the context at an entry) as a document to share.
//   exportDocument({tree, file, targetId, context, profile}) -> ExportDocument (facts, outline, items)
//   exportMarkdown(doc, {thinking, timeZone}) / exportHtml(doc, options) -> the file's text
//   escapeHtml, EXPORT_CSP -> the HTML escaping and policy (tests check them in a browser)
export * from "./document.js";
export { type ExportOptions } from "./common.js";
export * from "./markdown.js";
export * from "./html.js";
