"""Runs the examples of one section of the README (by default "A short tour")
against whatever stonefield is installed, as a user who has only the package
would: from outside the source tree, with nothing else on the path.

    python .ci/tour.py README.md ["Section title"]
"""

from __future__ import annotations

import doctest
import sys
from pathlib import Path


def section(markdown: str, title: str) -> str:
    """The text of the ``## title`` section, up to the next ``## `` heading."""
    start = markdown.index(f"\n## {title}\n")
    end = markdown.find("\n## ", start + 1)
    return markdown[start : end if end != -1 else len(markdown)]


def main() -> int:
    readme = Path(sys.argv[1])
    title = sys.argv[2] if len(sys.argv) > 2 else "A short tour"
    test = doctest.DocTestParser().get_doctest(
        section(readme.read_text(encoding="utf-8"), title), {}, title, str(readme), 0
    )
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    failed, tried = runner.summarize(verbose=False)
    print(f"{title}: {tried - failed} examples passed, {failed} failed")
    return 1 if failed or not tried else 0


if __name__ == "__main__":
    sys.exit(main())
