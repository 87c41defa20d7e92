### 关于页面输入的提示：链接里无法使用的值及原因、被拒绝或截断的句子、表格里不是数字的单元格。

notices-too-long = 它有 { $chars } 个字符，上限是 { $limit }
notices-no-token = 里面没有可以切成词元的字或标点
notices-not-a-number-reason = 它不是数字
notices-not-whole-reason = 它不是整数
notices-not-0-or-1 = 它不是 0 或 1
notices-setting-not-a-number = { $setting } 不是数字
notices-setting-not-whole = { $setting } 不是整数
notices-setting-not-finite = { $setting } 不是有限的数
notices-outside = { $setting } 超出了 { $range } 的范围
notices-not-one-of = { $setting } 不在可选值 { $options } 之中
notices-not-a-choice = 它不是这 { $count } 个选项之一
notices-score-range = 分数必须是 { $low } 到 { $high } 之间的有限数，收到的是 { $got }
notices-tau-range = τ 必须在 { $low } 到 { $high } 之间
notices-not-layer-head = “{ $part }”不是“层.头”的写法，例如 1.3
notices-no-head = 第 { $layer } 层没有第 { $head } 个头
notices-link-default = 链接里的 { $setting } 无法使用（{ $reason }），已改用默认值。
notices-heads-default = 链接要求 heads={ $heads }，但它不能整除 d_model={ $d_model }，所以改用默认的 heads={ $fallback }。
notices-heads-changed = heads={ $old } 不能整除 d_model={ $d_model }，所以头数现在是 { $new }。
notices-sentence-kept = 你的句子无法使用：{ $reason }。页面显示的是上一个可用的句子“{ $last_good }”。
notices-reveal-unusable = 链接里的 reveal=… 无法使用，预测题仍然保留。
notices-truncated = 你的文本有 { $found } 个词元，为了让每个矩阵都看得清，这里只保留前 { $kept } 个。
notices-empty = 单元格是空的
notices-cell-not-a-number = “{ $shown }”不是数字
notices-cell-nan = “{ $shown }”是 NaN（非数值）
notices-cell-infinite = “{ $shown }”是无穷大
notices-cell-too-large = “{ $shown }”超过了上限 { $limit }
notices-cell-error = { $matrix }，行 { $row }、列 { $column }：{ $reason }
