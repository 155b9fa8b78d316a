"""Serving the host: the command line (`cli`), the web server (`server`, `gunicorn_worker`),
mDNS (`mdns`), the worker processes' command (`worker_cli`), the checks (`doctor`), the
system service (`service`) and the headless demo (`demo`).
"""
