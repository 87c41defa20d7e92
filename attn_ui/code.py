"""'Show the code': the real source of the functions a page ran, or code made from its numbers."""

from __future__ import annotations

import functools
import inspect

import numpy as np


@functools.cache
def source(fn) -> str:
    """fn's source text, read from its file once per process (inspect.getsource reads and parses it each call)."""
    return inspect.getsource(fn)


def array_literal(name: str, M) -> str:
    """`name = np.array([...])` with the matrix's numbers, to paste into runnable code."""
    M = np.asarray(M, dtype=float)
    head = f"{name} = np.array("
    # "unique" prints the shortest digits that read back to the very same float; lines of at most 100
    # characters, fewer after a long name, so that none passes 120
    body = np.array2string(M, separator=", ", floatmode="unique", threshold=10**7,
                           max_line_width=min(100, 120 - len(head)))
    return f"{head}{body})"
