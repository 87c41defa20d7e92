"""Reading the app's HTML tables back (attn_ui.tables' markup), as a reader of the page gets them.

`Table(markup)` parses one table: caption, headers, each row's label and cells with their classes.
`values(table)` turns the printed cells back into floats (−∞, NaN and the formatter's minus sign included).
"""

from __future__ import annotations

from html.parser import HTMLParser

import numpy as np


class Table(HTMLParser):
    """What a reader of the markup gets: the caption, the headers, each row's label and cells (text, class),
    the table's default class, every tag met with its attributes, and the stylesheet."""

    def __init__(self, markup: str):
        super().__init__(convert_charrefs=True)
        self.tags, self.attrs, self.style, self.caption = [], [], "", ""
        self.heads: list[list] = []  # every <th scope=col>: [text, class]
        self.group_heads: list[str] = []
        self.rows: list[dict] = []
        self.table_class = None
        self._into = None  # where the text being read goes
        self.feed(markup)
        self.close()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append(tag)
        self.attrs.append((tag, a))
        scope = a.get("scope")
        if tag == "table":
            self.table_class = a.get("class")
        elif tag == "tr":
            self.rows.append({"cls": a.get("class"), "label": None, "cells": []})
        elif tag == "th" and scope == "row":
            self.rows[-1]["label"] = ""
        elif tag == "th" and scope == "col":
            self.heads.append(["", a.get("class")])
        elif tag == "th" and scope == "colgroup":
            self.group_heads.append("")
        elif tag == "td" and a.get("class") != "E":
            self.rows[-1]["cells"].append(["", a.get("class")])
        self._into = (tag, scope, a.get("class"))

    def handle_data(self, data):
        tag, scope, cls = self._into or (None, None, None)
        if tag == "caption":
            self.caption += data
        elif tag == "style":
            self.style += data
        elif tag == "th" and scope == "row":
            self.rows[-1]["label"] += data
        elif tag == "th" and scope == "col":
            self.heads[-1][0] += data
        elif tag == "th" and scope == "colgroup":
            self.group_heads[-1] += data
        elif tag == "td" and cls != "E":
            self.rows[-1]["cells"][-1][0] += data

    def handle_endtag(self, tag):
        self._into = None

    @property
    def body(self) -> list[dict]:
        return [r for r in self.rows if r["label"] is not None]


def cell_value(text: str) -> float:
    """A printed cell as a float: '−0.123' -> -0.123, '−∞' -> -inf, 'NaN' -> nan."""
    text = text.strip().replace("−", "-")
    return {"-∞": -np.inf, "+∞": np.inf, "∞": np.inf, "NaN": np.nan}.get(text) if text in ("-∞", "+∞", "∞", "NaN") \
        else float(text)


def values(table: Table) -> np.ndarray:
    """The table's printed numbers as an (r, c) float array."""
    return np.array([[cell_value(text) for text, _ in row["cells"]] for row in table.body], dtype=float)
