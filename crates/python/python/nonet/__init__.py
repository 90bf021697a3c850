"""nonet: a fast Sudoku solver, Sudoku Explainer's exact rater, a step-by-step teacher and a
seeded generator, from the Rust engine of the ``nonet`` command.

Every answer is the command line's, byte for byte: ``solve`` gives ``nonet solve``'s line,
``rate`` ``nonet rate``'s, ``explain`` the steps of ``nonet explain --format json``, and
``generate(seed=S, count=K)`` the puzzles of ``nonet generate --seed S --count K``.

Puzzles are 81-character strings (digits, ``.`` or ``0`` for an empty cell) or, in the batch
forms, rows of an ``(N, 81)`` ``uint8`` numpy array (0 for empty). The batch forms
(``solve_many``, ``count_many``, ``rate_many``, ``generate_many``) release the GIL and use every
core; ``nonet.dask`` spreads them over a Dask cluster. ``read`` reads puzzle files and streams
as the command does (lines, records, CSV, JSON lines, a multi-line grid), one ``Record`` at a
time with its line number and the command's reason when it is no puzzle.

>>> import nonet
>>> nonet.solve("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")[:9]
'468931527'
"""

from ._nonet import (
    GENERATOR_VERSION,
    RATER_VERSION,
    GenerateError,
    InputError,
    PuzzleError,
    Record,
    Records,
    __version__,
    count,
    count_many,
    explain,
    generate,
    generate_many,
    hint,
    rate,
    rate_many,
    read,
    solve,
    solve_many,
)

__all__ = [
    "GENERATOR_VERSION",
    "RATER_VERSION",
    "GenerateError",
    "InputError",
    "PuzzleError",
    "Record",
    "Records",
    "__version__",
    "count",
    "count_many",
    "explain",
    "generate",
    "generate_many",
    "hint",
    "rate",
    "rate_many",
    "read",
    "solve",
    "solve_many",
]
