// The question pack editor on the host page: list, search and filter packs, and see one pack's
// questions; it also fills the new-game form's pack boxes (#q-packs), with how many questions of
// each pack past games have not asked yet. Its shared parts (its state, requests with the host key
// in the X-Tourelle-Key header to host/routes/packs.py, findings beside their fields) are `Editor`,
// which editor-form.js (the question form, pictures) and editor-import.js (new pack, import) use.
/* exported Editor */
"use strict";

const Editor = (() => {
  const ed = {
    meta: null, // GET /api/packs: packs, categories, kinds, formats, limits
    pack: null, // the open pack's summary
    questions: [], // its questions: [{question, asked, problems}]
    replaces: null, // the id of the question being edited (null: a new one)
    image: null, // the form's picture file name (beside the pack)
    checkTimer: null,
    checkSeq: 0,
    imageRefusal: null, // why the last picture was refused, kept beside its field (editor-form.js)
    unticked: new Set(), // the new-game form's unticked packs, kept across redraws (a new pack is ticked)
  };

  const key = () => localStorage.getItem("tourelle.hostkey") || "";

  /** A message the server sent in both languages ({fr, en}, host/messages/__init__.py), in the page's. */
  function said(text, fallback) {
    return (text && (text[T.lang] || text.en)) || fallback;
  }

  /** "champ : " in French, "field: " in English. */
  function colon() {
    return T.lang === "fr" ? " : " : ": ";
  }

  /** Why a request was refused, in the page's words (a 413 without a body: the file's size). */
  function whyRefused(answer) {
    if (answer.text || answer.reason) return T.refusal(answer);
    return answer.status === 413 ? T.t("ed_too_large") : "?";
  }

  /** fetch with the host key; resolves with the JSON answer plus `ok` and `status`. */
  async function api(url, options) {
    const opts = options || {};
    const headers = { "X-Tourelle-Key": key() };
    let body = opts.body;
    if (body !== undefined && !(body instanceof FormData)) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(url, { method: opts.method || "GET", headers, body });
    } catch {
      return { ok: false, status: 0, reason: T.t("ed_offline") };
    }
    let data;
    try {
      data = await response.json();
    } catch {
      data = {}; // not JSON: the status says what happened
    }
    return { ...data, ok: response.ok && data.ok !== false, status: response.status };
  }

  async function blob(url) {
    try {
      const response = await fetch(url, { headers: { "X-Tourelle-Key": key() } });
      return response.ok ? await response.blob() : null;
    } catch {
      return null;
    }
  }

  const number = (n) => Number(n).toLocaleString(T.lang);
  const notAsked = (n, m) => T.t("not_asked", { n: number(n), m: number(m) });
  const packLabel = (p) => p.title || p.id;
  const sourceLabel = (p) => T.t("src_" + p.source);

  function option(value, text, selected) {
    return h("option", { value, selected: selected || null }, text);
  }

  /** A changed pack (saved, imported, deleted): host-form.js refreshes its category counts. */
  function announce() {
    document.dispatchEvent(new CustomEvent("tourelle:packs-changed"));
  }

  /** Each finding beside its field; one without a field (or a hidden one) under the form. */
  function showFindings(root, findings) {
    const byField = new Map();
    const loose = [];
    for (const f of findings) {
      // A field may have a slot per kind (an ordering question's answer is its item list): the shown one.
      const slot = f.field && [...root.querySelectorAll(`[data-error-for="${CSS.escape(f.field)}"]`)]
        .find((s) => !s.closest("[hidden]"));
      const message = said(f.text, f.message);
      if (slot) byField.set(slot, [...(byField.get(slot) || []), message]);
      else loose.push((f.field ? f.field + colon() : "") + message);
    }
    for (const slot of root.querySelectorAll("[data-error-for]")) {
      const messages = byField.get(slot) || [];
      slot.textContent = messages.join(" · ");
      const field = slot.closest(".ed-field");
      if (!field) continue;
      for (const input of field.querySelectorAll("input:not([type=file]), select, textarea")) {
        input.setAttribute("aria-invalid", messages.length ? "true" : "false");
      }
      field.classList.toggle("invalid", messages.length > 0);
    }
    return loose;
  }

  // ----------------------------------------------------------------- the pack list

  async function loadPacks() {
    const meta = await api("/api/packs");
    if (!meta.ok) {
      $("#e-packs-msg").textContent = T.refusal(meta);
      return;
    }
    ed.meta = meta;
    $("#e-packs-msg").textContent = "";
    staticMenus();
    drawPacks();
    gamePacks();
    if (ed.pack) {
      const fresh = meta.packs.find((p) => p.id === ed.pack.id);
      if (fresh) ed.pack = fresh;
      else closePack();
    }
  }

  /** Replace a menu's options, keeping its choice when it is still offered. */
  function refill(sel, ...options) {
    const menu = $(sel);
    const kept = menu.value;
    fill(menu, ...options);
    if ([...menu.options].some((o) => o.value === kept)) menu.value = kept;
  }

  /** The menus built from the API's lists (languages, sources, formats, categories). */
  function staticMenus() {
    const { languages, formats, categories, kinds, difficulty } = ed.meta;
    const levels = [];
    for (let d = difficulty.min; d <= difficulty.max; d++) levels.push(d);
    const categoryOptions = () => categories.map((c) => option(c, T.t("cat_" + c)));
    refill("#e-filter-lang", option("", T.t("ed_all_languages")), languages.map((l) => option(l, l.toUpperCase())));
    refill("#e-filter-source", option("", T.t("ed_all_sources")),
      ["data", "bundled", "host"].map((x) => option(x, T.t("src_" + x))));
    refill("#im-format", option("", T.t("ed_format_auto")), formats.map((f) => option(f, T.t("fmt_" + f))));
    refill("#im-category", option("", T.t("ed_category_any")), categoryOptions());
    // No category chosen for the host: a new question starts on "choose one" (it was Géographie).
    refill("#f-category", option("", T.t("ed_choose_category")), categoryOptions());
    refill("#e-q-kind", option("", T.t("ed_all_kinds")), kinds.map((k) => option(k, T.t("kind_" + k))));
    refill("#e-q-category", option("", T.t("ed_all_categories")), categoryOptions());
    refill("#e-q-difficulty", option("", T.t("ed_all_difficulties")),
      levels.map((d) => option(String(d), T.t("ed_level", { n: d }))));
    for (const input of document.querySelectorAll("#editor [data-t-placeholder]")) {
      input.placeholder = T.t(input.dataset.tPlaceholder);
    }
  }

  function kindCounts(p) {
    return T.t("ed_kind_counts", { c: number(p.kind.choice || 0), n: number(p.kind.numeric || 0) })
      + (p.kind.text ? T.t("ed_kind_text", { t: number(p.kind.text) }) : "")
      + (p.kind.order ? T.t("ed_kind_order", { o: number(p.kind.order) }) : "");
  }

  /** A question's answer as the list shows it: an ordering question's items "A → B → C", a
   * choice's several right options "A + B". */
  function answerText(q) {
    if (Array.isArray(q.answer)) return q.answer.map(String).join(q.kind === "choice" ? " + " : " → ");
    return String(q.answer) + (q.unit ? " " + q.unit : "");
  }

  function drawPacks() {
    const text = $("#e-search").value.trim().toLowerCase();
    const lang = $("#e-filter-lang").value;
    const src = $("#e-filter-source").value;
    const shown = ed.meta.packs.filter((p) => (!lang || p.language === lang) && (!src || p.source === src)
      && (!text || (p.id + " " + (p.title || "")).toLowerCase().includes(text)));
    $("#e-total").textContent = T.t("ed_total", { n: shown.length })
      + " · " + notAsked(shown.reduce((s, p) => s + p.not_asked, 0), shown.reduce((s, p) => s + p.total, 0));
    fill("#e-packs", shown.map((p) => h("tr", { "data-pack": p.id, class: p.editable ? "editable" : "read-only" },
      h("td", {}, h("strong", {}, packLabel(p)), " ", h("code", {}, p.id), h("br"),
        h("small", {}, (p.language || "?").toUpperCase(), " · ",
          h("span", { class: "ed-source ed-source-" + p.source }, sourceLabel(p)), " · ", kindCounts(p), " · ",
          h("span", { class: "ed-not-asked", "data-not-asked": p.id }, notAsked(p.not_asked, p.total)),
          p.errors ? h("span", { class: "error" }, " · " + T.t("ed_problems", { n: p.errors })) : null)),
      h("td", { class: "ed-actions" },
        h("button", { type: "button", class: "small", "data-open": p.id, onclick: () => openPack(p.id) },
          T.t("ed_open")),
        h("button", { type: "button", class: "small", "data-download": p.id, onclick: () => download(p) },
          T.t("ed_download")),
        // With its pictures and clips, for another host (only a pack that has any: the
        // .yaml alone is the whole of any other pack).
        p.media ? h("button", { type: "button", class: "small", "data-download-bundle": p.id,
          title: T.t("ed_download_bundle_title"), onclick: () => download(p, ".zip") },
        T.t("ed_download_bundle")) : null,
        p.editable ? h("button", { type: "button", class: "small", "data-delete-pack": p.id,
          onclick: () => deletePack(p) }, T.t("ed_delete_pack")) : null))));
  }

  async function download(p, suffix = ".yaml") {
    const data = await blob("/api/packs/" + encodeURIComponent(p.id) + suffix);
    if (!data) {
      $("#e-packs-msg").textContent = T.t("ed_error", { reason: p.id });
      return;
    }
    const url = URL.createObjectURL(data);
    const link = h("a", { href: url, download: p.id + suffix, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  async function deletePack(p) {
    if (!window.confirm(T.t("ed_confirm_delete_pack", { id: p.id }))) return;
    const answer = await api("/api/packs/" + encodeURIComponent(p.id), { method: "DELETE" });
    $("#e-packs-msg").textContent = answer.ok ? "" : T.t("ed_error", { reason: T.refusal(answer) });
    if (answer.ok && ed.pack && ed.pack.id === p.id) closePack();
    await loadPacks();
    announce();
  }

  // ----------------------------------------------------------------- one pack

  async function openPack(id) {
    const answer = await api("/api/packs/" + encodeURIComponent(id));
    if (!answer.ok) {
      $("#e-packs-msg").textContent = T.t("ed_error", { reason: T.refusal(answer) });
      return;
    }
    ed.pack = answer.pack;
    ed.questions = answer.questions;
    $("#e-pack").hidden = false;
    $("#e-pack").dataset.pack = id;
    $("#e-pack").dataset.editable = ed.pack.editable ? "1" : "0";
    $("#e-new").hidden = !ed.pack.editable;
    for (const row of document.querySelectorAll("#e-packs tr")) row.classList.toggle("open", row.dataset.pack === id);
    drawPack();
    Editor.closeForm(); // editor-form.js
  }

  function closePack() {
    ed.pack = null;
    $("#e-pack").hidden = true;
    Editor.closeForm(); // editor-form.js
  }

  function drawPack() {
    const p = ed.pack;
    $("#e-pack-title").textContent = packLabel(p) + " (" + p.id + ")";
    $("#e-pack-info").textContent = [(p.language || "?").toUpperCase(), sourceLabel(p), kindCounts(p),
      notAsked(p.not_asked, p.total)].join(" · ") + (p.editable ? "" : " · " + T.t("ed_read_only"));
    const text = $("#e-q-search").value.trim().toLowerCase();
    const kind = $("#e-q-kind").value, cat = $("#e-q-category").value, level = $("#e-q-difficulty").value;
    const shown = ed.questions.filter(({ question: q }) => (!kind || q.kind === kind)
      && (!cat || q.category === cat) && (!level || String(q.difficulty) === level)
      && (!text || [q.id, q.prompt, q.answer, ...(Array.isArray(q.options) ? q.options : [])]
        .join(" ").toLowerCase().includes(text)));
    fill("#e-questions", shown.length ? shown.map((item) => {
      const q = item.question;
      return h("tr", { "data-question": q.id, class: item.problems.length ? "bad" : null },
        h("td", {}, h("code", {}, q.id), h("br"), T.t("kind_" + q.kind), " · ", T.t("cat_" + q.category), " · ",
          String(q.difficulty), q.image ? " · 🖼" : null),
        h("td", {}, String(q.prompt || ""), h("br"), h("small", { class: "note" }, T.t("ed_answer_short") + " "
          + answerText(q)),
        item.asked ? h("small", { class: "note" }, " · " + T.t("ed_asked")) : null,
        item.problems.map((pr) => h("div", { class: "error" },
          (pr.field ? pr.field + colon() : "") + said(pr.text, pr.message)))),
        h("td", {}, h("button", {
          type: "button", class: "small", "data-edit": q.id, onclick: () => Editor.openForm(item), // editor-form.js
        }, T.t(p.editable ? "ed_edit" : "ed_view"))));
    }) : h("tr", {}, h("td", { class: "note" }, T.t("ed_no_questions"))));
  }

  // ----------------------------------------------------------------- the new-game form's packs

  /** One box per pack of the game's question language, all ticked at first: a game draws
   * from the ticked packs (then from the others when they run dry, as with categories). */
  function gamePacks() {
    const box = $("#q-packs");
    if (!box || !ed.meta) return;
    const lang = $("#q-language").value;
    const before = [...box.querySelectorAll("input[data-pack]")];
    if (before.length && box.dataset.lang === lang) {
      ed.unticked = new Set(before.filter((b) => !b.checked).map((b) => b.value));
    } else if (box.dataset.lang !== lang) {
      ed.unticked = new Set();
    }
    box.dataset.lang = lang;
    const packs = ed.meta.packs.filter((p) => p.language === lang && p.total > 0);
    const total = packs.reduce((s, p) => s + p.total, 0), fresh = packs.reduce((s, p) => s + p.not_asked, 0);
    fill(box, h("div", { class: "packs-head" }, h("strong", {}, T.t("ed_packs_for_game")), " ",
      h("small", { id: "q-packs-total" }, notAsked(fresh, total))),
    packs.length ? packs.map((p) => h("label", { class: "pack-choice" },
      h("input", { type: "checkbox", value: p.id, "data-pack": p.id,
        "data-categories": JSON.stringify(p.category),
        checked: !ed.unticked.has(p.id) }),
      " " + packLabel(p) + " ",
      h("small", { "data-pack-not-asked": p.id }, "(" + notAsked(p.not_asked, p.total) + ")")))
      : h("p", { class: "note" }, T.t("ed_no_pack")));
    box.dispatchEvent(new Event("change", { bubbles: true })); // host-form.js recounts the selection
  }

  // ----------------------------------------------------------------- wiring

  for (const id of ["#e-search", "#e-filter-lang", "#e-filter-source"]) {
    $(id).addEventListener("input", () => ed.meta && drawPacks());
  }
  for (const id of ["#e-q-search", "#e-q-kind", "#e-q-category", "#e-q-difficulty"]) {
    $(id).addEventListener("input", () => ed.pack && drawPack());
  }
  $("#q-language").addEventListener("change", gamePacks);
  $("#c-language").addEventListener("change", () => setTimeout(() => {
    if (!ed.meta) return;
    staticMenus();
    drawPacks();
    gamePacks();
    if (ed.pack) drawPack();
  }, 0));
  $("#editor").addEventListener("toggle", () => { if ($("#editor").open) loadPacks(); });
  document.addEventListener("tourelle:games-changed", loadPacks); // a game ended: fewer not asked

  loadPacks();
  return { ed, api, blob, said, whyRefused, showFindings, announce, loadPacks, openPack };
})();
