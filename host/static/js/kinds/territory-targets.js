// The phone's help with small map targets: when a territory the player may tap now is drawn
// smaller than a finger (44x44 CSS px, WCAG 2.5.5) on this phone, the legal territories are also
// offered by name under the map, as buttons; a name's tap is the region's tap. Measured on
// the map as drawn (Hamburg is 20x18 px on a 360 px phone, Corsica 24x53), again when the
// phone turns. Kept apart from kinds/territory.js, which calls `offer` after drawing its map.
/* exported TerritoryTargets */
"use strict";

const TerritoryTargets = (() => {
  const say = kindStrings(WORDS.kinds.territory); // host/static/words/kinds/territory.json
  const MIN = 44; // CSS px, both ways
  let last = null; // the last offer's arguments, to measure again after a resize

  /** The legal territories drawn smaller than MIN either way in `mapHolder` (ids). */
  function small(mapHolder, legal) {
    return legal.filter((id) => {
      const path = mapHolder.querySelector(`path.land[data-id="${CSS.escape(id)}"]`);
      if (!path) return true;
      const box = path.getBoundingClientRect();
      return box.width < MIN || box.height < MIN;
    });
  }

  function nameOf(gameMap, id) {
    const t = gameMap.byId[id];
    return t ? (T.lang === "fr" ? t.name_fr : t.name_en) : id;
  }

  /**
   * Under the map in `box`: "Or tap a name:" and a button per legal territory, by name, when
   * one of them is too small on the map; nothing when every one is big enough to tap there.
   * A button lights its region on the map while pressed or focused.
   */
  function offer(box, mapHolder, gameMap, view, legal, tap) {
    last = { box, mapHolder, gameMap, view, legal, tap };
    const tooSmall = legal.length ? small(mapHolder, legal) : [];
    box.hidden = !tooSmall.length;
    box.dataset.small = tooSmall.join(" ");
    if (!tooSmall.length) {
      fill(box);
      return;
    }
    const owners = Object.fromEntries(view.territories.map((t) => [t.id, t.owner])); // -1: free
    const sorted = [...legal].sort((a, b) => nameOf(gameMap, a).localeCompare(nameOf(gameMap, b), T.lang));
    const light = (id, on) => {
      const path = mapHolder.querySelector(`path.land[data-id="${CSS.escape(id)}"]`);
      if (path) path.classList.toggle("hinted", on);
    };
    fill(box, h("p", { class: "targets-head" }, T.prose(say("or_tap_name"))),
      h("div", { class: "targets-list" }, sorted.map((id) => {
        const owner = owners[id];
        return h("button", {
          type: "button", class: "target-btn", "data-id": id, onclick: () => tap(id),
          onfocus: () => light(id, true), onblur: () => light(id, false),
          onpointerenter: () => light(id, true), onpointerleave: () => light(id, false),
        }, owner >= 0 ? seatChip(owner) : null, h("span", {}, nameOf(gameMap, id)));
      })));
  }

  /** No list (another step, or not this phone's turn). */
  function clear(box) {
    last = null;
    box.hidden = true;
    fill(box);
  }

  addEventListener("resize", () => {
    if (last && last.box.isConnected) {
      const { box, mapHolder, gameMap, view, legal, tap } = last;
      offer(box, mapHolder, gameMap, view, legal, tap);
    }
  });

  return { offer, clear, MIN };
})();
