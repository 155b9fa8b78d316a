"""The castle-map territory quiz: pure rules, maps and bots."""
