// The host page's printing of a night plan: "Print" on a plan's row first offers to fix the
// questions its quiz rounds would draw at random during the night (POST /api/plans/<id>/fix:
// the printed sheets and the night then agree), then gives the two printable pages, in the
// page's language: the host's crib sheet and the tables' answer sheets (host/routes/printing.py).
// Loaded before host-plans.js, after editor.js (Editor.api: requests with the host key).
"use strict";

window.PlanPrint = (() => {
  const api = (url, options) => Editor.api(url, options);

  /** A printable page's address: the host key and the page's language go with it. */
  function address(what, plan) {
    return "/print/" + what + "/" + plan.id + "?lang=" + T.lang + "&key=" + encodeURIComponent(hostKey);
  }

  function say(text, good) {
    $("#plan-msg").textContent = text || "";
    $("#plan-msg").classList.toggle("error", !good);
  }

  /** The two pages to print, under the plans' list, each in a tab of its own. */
  function offer(plan) {
    const link = (what, key) => h("a", { class: "button-link", target: "_blank", rel: "noopener",
      href: address(what, plan), "data-print": what }, T.t(key));
    fill("#plan-print", h("span", {}, T.t("plan_print_ready", { name: plan.name })), " ",
      link("crib", "plan_print_crib"), " ", link("sheets", "plan_print_sheets"));
    $("#plan-print").hidden = false;
  }

  /** "Print": the questions drawn at the night fixed first, when the host says so. */
  async function start(plan, reload) {
    const count = await api("/api/plans/" + plan.id + "/fix");
    if (!count.ok) return say(T.refusal(count));
    if (count.drawn > 0) {
      const choice = await ask(T.t("plan_fix_ask", { n: count.drawn }),
        [["fix", T.t("plan_fix_yes")], ["keep", T.t("plan_fix_keep")]], T.t("plan_print_title", { name: plan.name }));
      if (choice === null) return;
      if (choice === "fix") {
        const fixed = await api("/api/plans/" + plan.id + "/fix", { method: "POST" });
        if (!fixed.ok) return say(T.refusal(fixed));
        say(T.t("plan_fixed", { name: plan.name }), true);
        await reload();
      }
    }
    offer(plan);
  }

  return { start };
})();
