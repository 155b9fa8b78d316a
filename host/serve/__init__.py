"""Serving the host: the command line (`cli`), the web server (`server`, `gunicorn_worker`),
the network (`netinfo`, `mdns`), the checks (`doctor`), the system service (`service`)
and the headless demo (`demo`).
"""
