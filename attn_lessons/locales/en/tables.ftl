### The tables (attn_ui/tables.py): the line over a table that scrolls, and its legend's words.

# Over a table wider than the screen; $count is CSS's count of its columns, filled in by the browser.
tables-scroll-columns = scroll → for all { $count } columns
# The legend's note on the outlined cells; $what names them ("query the·0, key mat", or the page's own note).
tables-outlined = outlined: { $what }
# The outlined row's or column's name when the table's axis has no title of its own.
tables-row = row
tables-column = column
# Between the outlined row and column in the note.
tables-note-separator = {", "}
