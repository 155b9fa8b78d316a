// The pages' translation mechanics: the page's language (T.lang) and the lookups in the French
// and English tables (host/static/words/fr.json and en.json, in window.WORDS: /words.js, loaded
// before this file). The page's language is the person's: the one they chose on this device
// (T.choose, kept in localStorage), else their browser's; never the game's. A game's questions
// are in their pack's language (an English round on a French page: English questions, French
// words around them).
/* exported T */
"use strict";

const STRINGS = { fr: WORDS.fr, en: WORDS.en };

const T = {
  lang: ["fr", "en"].includes(localStorage.getItem("tourelle.lang")) ? localStorage.getItem("tourelle.lang")
    : (navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en",
  /** Switch language; returns true when it changed (the caller re-renders). */
  use(lang) {
    const next = lang === "fr" || lang === "en" ? lang : this.lang;
    const changed = next !== this.lang;
    this.lang = next;
    document.documentElement.lang = next;
    return changed;
  },
  /** The person chose a language on this page: kept on this device for every page. */
  choose(lang) {
    if (lang !== "fr" && lang !== "en") return;
    localStorage.setItem("tourelle.lang", lang);
    this.use(lang);
  },
  /** The text for `key` with {placeholders} filled in; with a count `n` that the page's
   *  language says is singular (French 0 and 1, English 1), `key_one` when there is one
   *  ("1 tour debout", "2 tours debout": never "tour(s)"). */
  t(key, params) {
    const table = STRINGS[this.lang];
    key = this.counted(key, params, (k) => table[k] !== undefined);
    let text = table[key] !== undefined ? table[key] : STRINGS.en[key] !== undefined ? STRINGS.en[key] : key;
    if (params) {
      for (const [name, value] of Object.entries(params)) text = text.split("{" + name + "}").join(String(value));
    }
    return text;
  },
  /** `key_one` for a singular count `n` when `has(key_one)`, else `key`. */
  counted(key, params, has) {
    const n = params ? params.n : undefined;
    const one = typeof n === "number" && new Intl.PluralRules(this.lang).select(n) === "one";
    return one && has(key + "_one") ? key + "_one" : key;
  },
  /** A refusal's words in this page's language: the server's `text` (host/messages/__init__.py), else its reason. */
  refusal(ack) {
    if (!ack) return "?";
    return (ack.text && (ack.text[this.lang] || ack.text.en)) || ack.reason || "?";
  },
  /** A question's text as French sets it: the space before ? ! : ; » and after « does not
   * break (a "?" alone on the projector's last line, or a "«" left at a line's end, reads
   * badly). English text is left as it is. */
  prose(text) {
    return this.lang === "fr" ? String(text).replace(/ ([?!:;»])/g, "\u00a0$1").replace(/« /g, "«\u00a0")
      : text;
  },
  /** A game's step ("answering") in the page's words; "" for a step with no words. */
  stage(name) {
    return name && STRINGS[this.lang]["stage_" + name] !== undefined ? STRINGS[this.lang]["stage_" + name] : "";
  },
  /** A place in a ranking, as each language writes it: "1ᵉʳ", "2ᵉ" in French, "1st", "2nd",
   *  "3rd", "11th", "22nd" in English. */
  place(n) {
    if (this.lang === "fr") return n === 1 ? "1ᵉʳ" : n + "ᵉ";
    const ends = { one: "st", two: "nd", few: "rd", other: "th" };
    return n + ends[new Intl.PluralRules("en", { type: "ordinal" }).select(n)];
  },
  colour(seat) {
    return STRINGS[this.lang].colours[seat] || "#" + (seat + 1);
  },
  /** Fill every element carrying data-t="key" (static page text). */
  apply(root) {
    for (const el of (root || document).querySelectorAll("[data-t]")) el.textContent = this.t(el.dataset.t);
  },
};
document.documentElement.lang = T.lang;
