"""``python -m stonefield``: the ``stonefield`` command."""

import sys

from stonefield.cli import main

sys.exit(main())
