"""The HTTP routes, one Flask blueprint per idea: pages, the read-only API, joining,
the host page's pack editor (packs.py, behind the host key).

Each blueprint reads what it needs from the app (`current_app.extensions`:
the Hub, the question bank; `current_app.config["TOURELLE"]`: the host
config), so `create_app` only builds the parts and registers the blueprints.
"""
