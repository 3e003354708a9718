"""How a value a call refused is written in its error message.

>>> shown("b2"), shown(10**5000)
("'b2'", 'a huge number')
>>> shown("x" * 1000)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (1002 characters)"
"""

from __future__ import annotations

#: The characters of a value's repr a message keeps.
LIMIT = 40


def shown(value: object) -> str:
    """``repr(value)``, cut to :data:`LIMIT` characters; never an error of
    its own (Python refuses to write out an int of thousands of digits)."""
    try:
        text = repr(value)
    except ValueError:
        return "a huge number"
    return text if len(text) <= LIMIT else f"{text[:LIMIT]}... ({len(text)} characters)"
