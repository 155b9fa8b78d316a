// The question pack editor on the host page: list, search and filter packs; create and edit
// questions with live validation (the host's own checks, the same as `tourelle questions check`);
// pictures; import and export. It also fills the new-game form's pack boxes (#q-packs), with how
// many questions of each pack past games have not asked yet.
// Talks to host/routes/packs.py with the host key in the X-Tourelle-Key header.
"use strict";

(() => {
  const ed = {
    meta: null, // GET /api/packs: packs, categories, kinds, formats, limits
    pack: null, // the open pack's summary
    questions: [], // its questions: [{question, asked, problems}]
    replaces: null, // the id of the question being edited (null: a new one)
    image: null, // the form's picture file name (beside the pack)
    checkTimer: null,
    checkSeq: 0,
    unticked: new Set(), // the new-game form's unticked packs, kept across redraws (a new pack is ticked)
  };

  const key = () => localStorage.getItem("tourelle.hostkey") || "";

  /** A message the server sent in both languages ({fr, en}, host/messages.py), in the page's. */
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

  /** A changed pack (saved, imported, deleted): host.js refreshes its category counts. */
  function announce() {
    document.dispatchEvent(new CustomEvent("tourelle:packs-changed"));
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
      + (p.kind.text ? T.t("ed_kind_text", { t: number(p.kind.text) }) : "");
  }

  function drawPacks() {
    const text = $("#e-search").value.trim().toLowerCase();
    const lang = $("#e-filter-lang").value;
    const src = $("#e-filter-source").value;
    const shown = ed.meta.packs.filter((p) => (!lang || p.language === lang) && (!src || p.source === src)
      && (!text || (p.id + " " + (p.title || "")).toLowerCase().includes(text)));
    $("#e-total").textContent = T.t("ed_total", { packs: shown.length })
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
        p.editable ? h("button", { type: "button", class: "small", "data-delete-pack": p.id,
          onclick: () => deletePack(p) }, T.t("ed_delete_pack")) : null))));
  }

  async function download(p) {
    const data = await blob("/api/packs/" + encodeURIComponent(p.id) + ".yaml");
    if (!data) {
      $("#e-packs-msg").textContent = T.t("ed_error", { reason: p.id });
      return;
    }
    const url = URL.createObjectURL(data);
    const link = h("a", { href: url, download: p.id + ".yaml", hidden: true });
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

  // ----------------------------------------------------------------- new pack, import

  function slugOf(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  }

  $("#np-title").addEventListener("input", () => {
    if (!$("#np-id").dataset.touched) $("#np-id").value = slugOf($("#np-title").value);
  });
  $("#np-id").addEventListener("input", () => { $("#np-id").dataset.touched = "1"; });
  $("#e-new-pack").addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await api("/api/packs", { method: "POST", body: {
      pack: $("#np-id").value.trim(), title: $("#np-title").value.trim(), language: $("#np-language").value,
    } });
    showFindings($("#e-new-pack"), answer.ok ? [] : answer.findings || []);
    $("#np-msg").textContent = answer.ok ? "" : T.t("ed_error", { reason: T.refusal(answer) });
    if (!answer.ok) return;
    $("#np-title").value = "";
    $("#np-id").value = "";
    delete $("#np-id").dataset.touched;
    await loadPacks();
    announce();
    openPack(answer.pack.id);
  });

  $("#e-import").addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = $("#im-file").files[0];
    const msg = $("#im-msg");
    fill("#im-warnings");
    if (!file) {
      msg.className = "host-msg error";
      msg.textContent = T.t("ed_choose_file");
      return;
    }
    const form = new FormData();
    form.append("file", file);
    form.append("language", $("#im-language").value);
    if ($("#im-format").value) form.append("format", $("#im-format").value);
    if ($("#im-category").value) form.append("category", $("#im-category").value);
    if ($("#im-title").value.trim()) form.append("title", $("#im-title").value.trim());
    msg.className = "host-msg";
    msg.textContent = T.t("ed_importing");
    const answer = await api("/api/packs/import", { method: "POST", body: form });
    msg.className = "host-msg " + (answer.ok ? "ok" : "error");
    msg.textContent = answer.ok ? T.t("ed_imported", { n: answer.imported, id: answer.pack.id })
      : T.t("ed_error", { reason: whyRefused(answer) });
    const warnings = (answer.warnings || []).map((w, i) => said((answer.warnings_text || [])[i], w));
    fill("#im-warnings", warnings.slice(0, 20).map((w) => h("li", {}, w)));
    // A file that names no category (GIFT, CSV without one): the page asks for it.
    const needsCategory = answer.code === "needs_category";
    $("#im-category").setAttribute("aria-invalid", needsCategory ? "true" : "false");
    if (needsCategory) $("#im-category").focus();
    if (!answer.ok) return;
    $("#im-file").value = "";
    showImportFile();
    $("#im-title").value = "";
    await loadPacks();
    announce();
  });

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
    closeForm();
  }

  function closePack() {
    ed.pack = null;
    $("#e-pack").hidden = true;
    closeForm();
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
          + String(q.answer) + (q.unit ? " " + q.unit : "")),
        item.asked ? h("small", { class: "note" }, " · " + T.t("ed_asked")) : null,
        item.problems.map((pr) => h("div", { class: "error" },
          (pr.field ? pr.field + colon() : "") + said(pr.text, pr.message)))),
        h("td", {}, h("button", { type: "button", class: "small", "data-edit": q.id, onclick: () => openForm(item) },
          T.t(p.editable ? "ed_edit" : "ed_view"))));
    }) : h("tr", {}, h("td", { class: "note" }, T.t("ed_no_questions"))));
  }

  // ----------------------------------------------------------------- the question form

  function optionInputs() {
    return [...document.querySelectorAll("#e-form [data-option]")];
  }

  function openForm(item) {
    const q = item ? item.question : null;
    const form = $("#e-form");
    form.hidden = false;
    ed.replaces = q ? q.id : null;
    ed.image = q && q.image ? q.image : null;
    $("#f-heading").textContent = q ? q.id : T.t("ed_new_question");
    $("#f-id").value = q ? q.id : "";
    $("#f-id").placeholder = T.t("ed_id_auto");
    $("#f-kind").value = q && ["numeric", "text"].includes(q.kind) ? q.kind : "choice";
    $("#f-accept").value = q && Array.isArray(q.accept) ? q.accept.join("\n") : "";
    $("#f-similarity").value = q && q.similarity !== undefined && q.similarity !== null ? q.similarity : "";
    $("#f-category").value = (q && q.category) || "";
    $("#f-difficulty").value = q && q.difficulty !== undefined ? q.difficulty : 3;
    $("#f-prompt").value = (q && q.prompt) || "";
    const options = q && Array.isArray(q.options) ? q.options : [];
    optionInputs().forEach((input, i) => { input.value = options[i] !== undefined ? String(options[i]) : ""; });
    $("#f-answer").value = q && q.answer !== undefined && q.answer !== null ? String(q.answer) : "";
    $("#f-unit").value = (q && q.unit) || "";
    $("#f-source").value = (q && q.source) || "";
    $("#f-image-file").value = "";
    showImage(null);
    const editable = ed.pack && ed.pack.editable;
    for (const input of form.querySelectorAll("input, select, textarea")) {
      if (input.id !== "f-id") input.disabled = !editable;
    }
    $("#f-save").hidden = !editable;
    $("#f-delete").hidden = !editable || !q;
    $("#f-msg").textContent = "";
    showFindings(form, []);
    kindChanged();
    form.dataset.valid = "";
    if (editable && q) scheduleCheck(); // a new question is checked from its first keystroke
    form.scrollIntoView({ block: "nearest" });
  }

  function closeForm() {
    $("#e-form").hidden = true;
    ed.replaces = null;
    ed.image = null;
    clearTimeout(ed.checkTimer);
    ed.checkSeq += 1; // a check still on its way no longer counts
  }

  function kindChanged() {
    const numeric = $("#f-kind").value === "numeric";
    const typed = $("#f-kind").value === "text";
    $("#f-row-options").hidden = numeric || typed;
    $("#f-row-unit").hidden = !numeric;
    $("#f-row-accept").hidden = !typed;
    $("#f-row-similarity").hidden = !typed;
    $("#f-answer").inputMode = numeric ? "numeric" : "text";
  }

  /** "12" is sent as a number so the checks see what a pack file would hold; "douze" stays text
   * and is refused with its reason. */
  function numberOrText(value) {
    const text = value.trim();
    return /^-?\d+$/.test(text) ? Number(text) : text;
  }

  function collect() {
    const kind = $("#f-kind").value;
    const q = {
      id: $("#f-id").value.trim() || undefined,
      category: $("#f-category").value,
      difficulty: numberOrText(String($("#f-difficulty").value)),
      kind,
      prompt: $("#f-prompt").value.trim(),
    };
    if (kind === "choice") {
      q.options = optionInputs().map((input) => input.value.trim()).filter(Boolean);
      q.answer = $("#f-answer").value.trim();
    } else if (kind === "text") { // typed answers: other spellings one a line, a typo threshold
      q.answer = $("#f-answer").value.trim();
      const accept = $("#f-accept").value.split("\n").map((line) => line.trim()).filter(Boolean);
      if (accept.length) q.accept = accept;
      if (String($("#f-similarity").value).trim()) q.similarity = numberOrText(String($("#f-similarity").value));
    } else {
      q.answer = numberOrText($("#f-answer").value);
      if ($("#f-unit").value.trim()) q.unit = $("#f-unit").value.trim();
    }
    q.source = $("#f-source").value.trim();
    if (ed.image) q.image = ed.image;
    return q;
  }

  /** Each finding beside its field; one without a field (or a hidden one) under the form. */
  function showFindings(root, findings) {
    const byField = new Map();
    const loose = [];
    for (const f of findings) {
      const slot = f.field && root.querySelector(`[data-error-for="${CSS.escape(f.field)}"]`);
      const message = said(f.text, f.message);
      if (slot && !slot.closest("[hidden]")) byField.set(slot, [...(byField.get(slot) || []), message]);
      else loose.push((f.field ? f.field + colon() : "") + message);
    }
    for (const slot of root.querySelectorAll("[data-error-for]")) {
      const messages = byField.get(slot) || [];
      slot.textContent = messages.join(" · ");
      const field = slot.closest(".ed-field");
      if (!field) continue;
      const input = field.querySelector("input:not([type=file]), select, textarea");
      if (input) input.setAttribute("aria-invalid", messages.length ? "true" : "false");
      field.classList.toggle("invalid", messages.length > 0);
    }
    return loose;
  }

  function scheduleCheck() {
    clearTimeout(ed.checkTimer);
    $("#e-form").dataset.valid = ""; // unknown until the check of what the form holds now
    ed.checkTimer = setTimeout(check, 300);
  }

  /** Live validation: the host's checks on the form as it is; nothing is written. */
  async function check() {
    if (!ed.pack || !ed.pack.editable || $("#e-form").hidden) return;
    const seq = ++ed.checkSeq;
    const answer = await api("/api/packs/" + encodeURIComponent(ed.pack.id) + "/check", {
      method: "POST", body: { question: collect(), replaces: ed.replaces } });
    if (seq !== ed.checkSeq) return; // a newer check (or a close) came after
    if (answer.status !== 200) {
      $("#f-msg").className = "host-msg error";
      $("#f-msg").textContent = T.t("ed_error", { reason: T.refusal(answer) });
      return;
    }
    if (!$("#f-id").value && answer.question) $("#f-id").placeholder = answer.question.id;
    const loose = showFindings($("#e-form"), answer.findings || []);
    $("#e-form").dataset.valid = answer.findings.length ? "0" : "1";
    $("#f-msg").className = "host-msg " + (loose.length ? "error" : "ok");
    $("#f-msg").textContent = loose.length ? loose.join(" · ") : answer.findings.length ? "" : T.t("ed_check_ok");
  }

  async function save(event) {
    event.preventDefault();
    clearTimeout(ed.checkTimer);
    ed.checkSeq += 1;
    const answer = await api("/api/packs/" + encodeURIComponent(ed.pack.id) + "/questions", {
      method: "POST", body: { question: collect(), replaces: ed.replaces } });
    if (!answer.ok) {
      const loose = showFindings($("#e-form"), answer.findings || []);
      $("#e-form").dataset.valid = "0";
      $("#f-msg").className = "host-msg error";
      $("#f-msg").textContent = T.t("ed_refused", { reason: loose.join(" · ") || T.refusal(answer) });
      return;
    }
    const id = answer.question.id;
    await openPack(ed.pack.id);
    await loadPacks();
    announce();
    $("#e-pack-info").append(h("span", { class: "ok", id: "e-saved", "data-saved": id },
      " · " + T.t("ed_saved", { id })));
  }

  async function remove() {
    if (!ed.replaces || !window.confirm(T.t("ed_confirm_delete", { id: ed.replaces }))) return;
    const id = ed.replaces;
    const answer = await api("/api/packs/" + encodeURIComponent(ed.pack.id) + "/questions/" + encodeURIComponent(id),
      { method: "DELETE" });
    if (!answer.ok) {
      $("#f-msg").className = "host-msg error";
      $("#f-msg").textContent = T.t("ed_error", { reason: T.refusal(answer) });
      return;
    }
    await openPack(ed.pack.id);
    await loadPacks();
    announce();
  }

  // ----------------------------------------------------------------- pictures

  async function showImage(localFile) {
    const name = ed.image;
    $("#f-image-name").textContent = name || T.t("ed_no_image");
    $("#f-image-remove").hidden = !name || !(ed.pack && ed.pack.editable);
    const preview = $("#f-image-preview");
    if (preview.src && preview.src.startsWith("blob:")) URL.revokeObjectURL(preview.src);
    preview.hidden = true;
    preview.removeAttribute("src");
    if (!name) return;
    const data = localFile || await blob("/api/packs/" + encodeURIComponent(ed.pack.id) + "/images/"
      + encodeURIComponent(name));
    if (!data || ed.image !== name) return;
    preview.src = URL.createObjectURL(data);
    preview.hidden = false;
  }

  /** The import's chosen file, in the page's words (the browser's own file input would
   * speak the browser's language: "Choose File", "No file chosen"). */
  function showImportFile() {
    const file = $("#im-file").files[0];
    $("#im-file-name").textContent = file ? file.name : T.t("ed_no_file");
  }

  async function uploadImage() {
    const file = $("#f-image-file").files[0];
    if (!file || !ed.pack) return;
    const slot = $("#e-form [data-error-for='image']");
    if (ed.meta && file.size > ed.meta.limits.image_bytes) {
      slot.textContent = T.t("ed_image_too_large", { mb: ed.meta.limits.image_bytes / 1e6 });
      $("#f-image-file").value = "";
      return;
    }
    const form = new FormData();
    form.append("file", file);
    const answer = await api("/api/packs/" + encodeURIComponent(ed.pack.id) + "/images",
      { method: "POST", body: form });
    $("#f-image-file").value = "";
    if (!answer.ok) {
      slot.textContent = whyRefused(answer);
      slot.closest(".ed-field").classList.add("invalid");
      return;
    }
    ed.image = answer.image;
    await showImage(file);
    scheduleCheck();
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
    box.dispatchEvent(new Event("change", { bubbles: true })); // host.js recounts the selection
  }

  // ----------------------------------------------------------------- wiring

  for (const id of ["#e-search", "#e-filter-lang", "#e-filter-source"]) {
    $(id).addEventListener("input", () => ed.meta && drawPacks());
  }
  for (const id of ["#e-q-search", "#e-q-kind", "#e-q-category", "#e-q-difficulty"]) {
    $(id).addEventListener("input", () => ed.pack && drawPack());
  }
  $("#e-new").addEventListener("click", () => openForm(null));
  $("#e-form").addEventListener("input", (event) => {
    if (event.target.id === "f-image-file") return;
    if (event.target.id === "f-kind") kindChanged();
    scheduleCheck();
  });
  $("#e-form").addEventListener("submit", save);
  $("#f-cancel").addEventListener("click", closeForm);
  $("#f-delete").addEventListener("click", remove);
  $("#f-image-file").addEventListener("change", uploadImage);
  $("#im-file").addEventListener("change", showImportFile);
  $("#f-image-remove").addEventListener("click", () => {
    ed.image = null;
    showImage(null);
    scheduleCheck();
  });
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

  for (const id of ["#np-language", "#im-language"]) $(id).value = T.lang;
  loadPacks();
})();
