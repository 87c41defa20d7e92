### 屏幕阅读器读出的图表说明。

charts-untitled = 图表
charts-kind = { $kind ->
        [bar] 柱状
        [histogram] 直方
        [line] 折线
       *[point] 散点
    }
charts-plot = { $kinds }图
charts-plot-of = { $names }的{ $kinds }图
charts-clause = { $plot }；{ $axis }
charts-x-range = { $axis } 从 { $low } 到 { $high }
charts-x-point = { $axis } 为 { $at }
charts-x-categories = { $axis }：{ $categories }
charts-empty = { $title }：空图表。
charts-sentence = { $title }：{ $words }。
charts-panels = { $title }，由 { $count } 个面板组成。
charts-panel = 面板 { $number }
charts-sentence-gap = {""}
