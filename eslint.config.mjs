// ESLint for the browser pages' scripts (host/static/js; vendor/ is not ours): `make lint`.
// The pages are plain <script>s sharing one global scope, loaded in the order of
// templates/base.html: socket.io (io), /words.js (WORDS: the words, host/static/words/*.json), i18n.js, common.js,
// kinds.js, cards.js, kinds/territory-words.js, kinds/territory-targets.js, the kinds, the page.
// Each shared script lists what it offers the later ones in a `/* exported a, b */` comment at its
// top; this config reads those comments, so a name is declared once, where it is defined. Every
// script sees the other scripts' names as read-only globals (not its own: no-redeclare).
import fs from "node:fs";
import js from "@eslint/js";
import globals from "globals";

const SHARED = [
  "i18n.js", "common.js", "kinds.js", "cards.js", "kinds/territory-words.js", "kinds/territory-targets.js",
].map((name) => "host/static/js/" + name);

/** The names in a file's `/* exported ... *\/` comment. */
function exported(file) {
  const found = fs.readFileSync(new URL(file, import.meta.url), "utf8").match(/\/\* exported ([^*]+)\*\//);
  if (!found) throw new Error(file + " has no /* exported ... */ comment");
  return found[1].split(",").map((name) => name.trim()).filter(Boolean);
}

const OFFERED = Object.fromEntries(SHARED.map((file) => [file, exported(file)]));

/** The shared names as read-only globals, less those `own` declares itself. */
function shared(own) {
  const names = Object.entries(OFFERED).filter(([file]) => file !== own).flatMap(([, list]) => list);
  return Object.fromEntries([["io", "readonly"], ["WORDS", "readonly"], ...names.map((name) => [name, "readonly"])]);
}

// The host page's own scripts (templates/host.html) share names among themselves the same way, each
// offering its names in its `/* exported */` comment; the other pages do not see them.
const HOST_PAGE = ["host-night.js", "host-form.js", "host-seats.js", "host.js", "editor.js"]
  .map((name) => "host/static/js/" + name);
const HOST_OFFERED = Object.fromEntries(HOST_PAGE.map((file) => [file, exported(file)]));

/** The host page's names as read-only globals, less those `own` declares itself. */
function hostPage(own) {
  const names = Object.entries(HOST_OFFERED).filter(([file]) => file !== own).flatMap(([, list]) => list);
  return Object.fromEntries(names.map((name) => [name, "readonly"]));
}

// The phone page's helpers (templates/phone.html, loaded before phone.js), offered to phone.js alone.
const PHONE_HELPERS = ["phone-wait.js"].map((name) => "host/static/js/" + name);
const PHONE_OFFERED = Object.fromEntries(PHONE_HELPERS.map((file) => [file, exported(file)]).flatMap(
  ([, list]) => list.map((name) => [name, "readonly"])));

const BROWSER = { ecmaVersion: 2022, sourceType: "script" };

export default [
  { ignores: ["host/static/vendor/**", "node_modules/**", ".venv/**"] },
  js.configs.recommended,
  {
    files: ["host/static/js/**/*.js"],
    rules: { "max-len": ["error", { code: 120, ignoreUrls: true }] },
  },
  {
    files: ["host/static/js/**/*.js"],
    ignores: SHARED,
    languageOptions: { ...BROWSER, globals: { ...globals.browser, ...shared(null) } },
  },
  ...SHARED.map((file) => ({
    files: [file],
    languageOptions: { ...BROWSER, globals: { ...globals.browser, ...shared(file) } },
  })),
  {
    files: ["host/static/js/host*.js", "host/static/js/editor*.js"],
    ignores: HOST_PAGE,
    languageOptions: { globals: hostPage(null) },
  },
  ...HOST_PAGE.map((file) => ({ files: [file], languageOptions: { globals: hostPage(file) } })),
  { files: ["host/static/js/phone.js"], languageOptions: { globals: PHONE_OFFERED } },
  {
    files: ["eslint.config.mjs"],
    languageOptions: { globals: globals.node },
    rules: { "max-len": ["error", { code: 120 }] },
  },
];
