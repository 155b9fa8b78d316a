"""Issue 42, point 18, in Debian's Chromium: the pages' words take a count's form ("1 tour
debout", "2 tours debout"; French 0 and 1 singular, English 1 alone), in the common table
(i18n.js `T.t`) and a kind's own (kinds.js `kindStrings`)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.driver import PROJECTOR, Recorder, new_page
from tests.live import LiveServer

pytestmark = pytest.mark.browser

SAY = """([lang, n]) => {
  T.use(lang);
  const watch = kindStrings(WORDS.kinds.watchtower);
  const quiz = kindStrings(WORDS.kinds["quiz-round-common"]);
  return [T.t("tower_left", { n }), T.t("night_table", { name: "Jeudi", n }),
          watch("soldiers", { n }), quiz("queue_teams", { n })];
}"""


def test_a_count_says_its_word_in_the_right_form(live: LiveServer, browser: Any) -> None:
    recorder = Recorder()
    page = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    page.wait_for_selector("#lobby")
    say = lambda lang, n: page.evaluate(SAY, [lang, n])  # noqa: E731
    assert say("fr", 1) == ["1 tour debout", "Jeudi · classement après 1 partie",
                            "1 soldat par camp", "1 équipe"]
    assert say("fr", 2) == ["2 tours debout", "Jeudi · classement après 2 parties",
                            "2 soldats par camp", "2 équipes"]
    assert say("fr", 0)[0] == "0 tour debout"
    assert say("en", 1) == ["1 tower standing", "Jeudi · standings after 1 game",
                            "1 soldier a side", "1 team"]
    assert say("en", 0)[0] == "0 towers standing"
    assert say("en", 3)[2] == "3 soldiers a side"
    assert recorder.errors == []
