"""`python -m host`: the `tourelle` command where no script is on the PATH (Windows, no make)."""

import sys

from host.serve.cli import main

sys.exit(main())
