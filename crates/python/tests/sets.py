"""Reading the shared puzzle sets (no pytest here: the benchmark uses it too)."""

from __future__ import annotations


def puzzle_field(line: str) -> str | None:
    """The 81-character puzzle of a line of a shared set (bare, `name:puzzle:...`,
    `puzzle:ER:...` or CSV), or None for comments and headers."""
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    for field in line.replace(",", ":").split(":"):
        field = field.strip()
        if len(field) == 81 and all(c in ".0123456789" for c in field):
            return field
    return None
