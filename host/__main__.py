"""`python -m host`: the `tourelle` command where no script is on the PATH (Windows, no make)."""

import sys

from host.cli import main

sys.exit(main())
