### 表格：可横向滚动时的提示，以及图例中的文字。

tables-scroll-columns = 向右滚动 → 共 { $count } 列
tables-outlined = 加框：{ $what }
tables-row = 行
tables-column = 列
tables-note-separator = ，
