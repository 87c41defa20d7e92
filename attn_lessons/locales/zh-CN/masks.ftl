### 掩码与多头（attn_lessons/masks.py）。变量说明见英文目录。

masks-title = 掩码与多头
masks-intro = 掩码决定哪些“查询→键”位置对可以进行注意力计算：在 softmax 之前，被掩蔽位置对的分数变成 −∞，所以它的权重恰好为 0。多个头并排进行这种注意力计算，每个头只用 Q、K、V 中属于自己的那一部分，并共用同一个掩码。
masks-convention = 在下面的网格中，1 = 可以关注：公式里的 M 在这些位置加 0，其余位置加 −∞（0 = 被掩蔽）。

## 第 1 节：选择掩码

masks-choose-header = 1. 选择掩码
masks-choose-label = 哪些“查询→键”位置对可以关注？
masks-label-none = 无掩码
masks-label-causal = 因果掩码
masks-label-padding = 填充掩码
masks-label-custom = 自定义网格
masks-pad-slider = 用多少个 { $pad } 词元补齐你的句子？
masks-pad-why = 在一个批次里，较短的句子会在末尾用填充词元 { $pad } 补齐，让所有句子一样长。
masks-pad-blocks = 任何查询都不应该从填充词元那里取信息，所以它们所在的键列被掩蔽。
masks-padded-columns = 最后 { $n_pad } 个键列被掩蔽
masks-nothing-blocked = 没有任何位置被掩蔽
masks-padding-none = { $why }这里没有 { $pad } 词元：你的句子有 { $n_real } 个词元，已经是批次中最长的，所以{ masks-nothing-blocked }。
masks-padding-some = { $why }这里在你的 { $n_real } 个词元后面接了 { $n_pad } 个 { $pad } 词元，相当于批次中最长的句子有 { $total } 个词元，因此{ $columns }。{ $pad } 所在的行也是查询：模型会算出它们的输出，然后丢弃不用。
masks-padding-none-asking = { $why }这里没有 { $pad } 词元：你的句子有 { $n_real } 个词元，已经是批次中最长的。{ $held }
masks-padding-some-asking = { $why }这里在你的 { $n_real } 个词元后面接了 { $n_pad } 个 { $pad } 词元，相当于批次中最长的句子有 { $total } 个词元。{ $held }
masks-held = 这个掩码让每个词元看到哪些键，正是第 2 节要问的问题：你回答之后，掩码的说明会显示在这里。
masks-caption-none = 每个查询都可以关注每个键，包括它自己：这就是首页上普通的注意力。
masks-caption-causal = 每个词元能看到它自己和它之前的词元，看不到之后的：一个逐个词元生成文本的模型，不能偷看它还没写出来的词。
masks-gives-none = 每个查询都可以关注每个键
masks-gives-none-short = 所有位置对
masks-gives-causal = 每个词元能看到它自己和它之前的词元
masks-gives-causal-short = 它自己和之前的词元
masks-refit = 你的自定义掩码原来是 { $m } × { $m }，但你的句子有 { $n } 个词元，所以现在变成 { $n } × { $n }{ $grew ->
    [yes] （新增的位置对都允许关注）
   *[no] {""}
}。
masks-tick-how = 勾选一个格子，就允许该查询（行）关注该键（列）；取消勾选，就掩蔽这一对。
masks-tick-scroll = { $how }在窄屏上，网格会在自己的框里横向滚动：左右滑动，就能看到全部 { $n } 个键。
masks-grid-link = 本页的链接会保存你的网格，每行写成一串 0 和 1：`{ $encoded }`。
masks-preset-all = 允许所有位置对
masks-preset-causal = 从因果掩码开始
masks-preset-none = 掩蔽所有位置对
masks-grid-corner = 查询 ↓ / 键 →
masks-nothing-can-attend = 什么都无法关注：你的掩码掩蔽了所有位置对，没有任何查询能看到任何键。下面的每个权重都是 0，每个输出也都是 0，而不是 NaN。请在每行至少勾选一个格子（勾选对角线，每个词元就能看到自己），或者点击“{ masks-preset-all }”。

## 第 2 节：一步一步看

masks-steps-header = 2. 掩码，一步一步看
masks-steps-title-one = 唯一那个头的逐步计算
masks-steps-title = 头 { $head } 的逐步计算（共 { $heads } 个头）
masks-head-option = 头 { $head }
masks-head-picker = 显示哪个头的步骤
masks-heads-caption = { $heads ->
    [1] 只有一个头：d_k = d_model = { $d_model }。可以在侧边栏选更多的头，掩码保持不变。
   *[other] 你有 { $heads } 个头（在侧边栏设置）；每个头使用 Q 和 K 中的 d_k = { $d_model } / { $heads } = { $d_k } 列。每个头都用同一个掩码。
}
masks-mask-title = 掩码：1 = 查询可以关注该键，0 = 被掩蔽
masks-mask-lead = **掩码**。
masks-allowed-pairs = { $case ->
    [one-allowed] 唯一的一对是允许的。
    [one-blocked] 唯一的一对被掩蔽了。
    [all-allowed] 全部 { $total } 对都允许。
    [all-blocked] 全部 { $total } 对都被掩蔽了。
   *[some] { $total } 对中有 { $allowed } 对允许关注。
}
masks-scores-title-one = 掩码后的分数 = { $symbol }/√{ $d_k } + M
masks-scores-title = 头 { $head }：掩码后的分数 = { $symbol }/√{ $d_k } + M
masks-scores-lead = **掩码后的分数**。
masks-scores-none-blocked = 没有被掩蔽的位置对，所以没有分数是 −∞：这些就是普通的缩放后的分数，M 处处加 0。
masks-scores-blocked = 被掩蔽位置对的分数是 −∞（带斜线的格子）：exp(−∞) = 0，所以 softmax 不给它任何权重。
masks-all-scores-blocked = { $size ->
    [1] 唯一的掩码后分数是
   *[other] 全部 { $size } 个掩码后的分数都是
} −∞：所有位置对都被掩蔽，没有剩下可以着色的有限分数。exp(−∞) 处处为 0，下面的权重全都是 0。
masks-weights-title-one = 权重 = softmax(掩码后的分数)
masks-weights-title = 头 { $head }：权重 = softmax(掩码后的分数)
masks-weights-lead = **权重**。
masks-weights-none-blocked = 没有被掩蔽的位置对，所以没有权重被强制为 0。
masks-weights-largest-blocked = 被掩蔽位置对上的最大权重{ $several ->
    [yes] （所有头中）
   *[no] {""}
}：{ $top }{ $exact ->
    [yes] （恰好为 0）
   *[no] {""}
}。
masks-weights-no-open = { $first }没有哪一行有可以分配权重的键，所以每一行的和都是 0。
masks-weights-rows = { $first }{ $blocked ->
    [0] 每一行
   *[other] 每个有允许键的行
}{ $several ->
    [yes] 在每个头中
   *[no] {""}
}的和都是 1（与 1 的最大偏差：{ $gap }）{ $blocked ->
    [0] 。
   *[other] ；完全被掩蔽的行，和为 0。
}
masks-head-output-title-one = 头输出 = 权重·V
masks-head-output-title = 头 { $head }：头输出 = 权重·Vₕ
masks-head-output-lead = **头输出**。
masks-head-output-one = 每一行只混合它的查询能看到的那些值行。只有一个头时，V 整个都被使用：全部 { $d_v } 列，{ $cols }。
masks-head-output = 每一行只混合它的查询能看到的那些值行。这里头 { $head } 只用 V 的 { $v_columns } 列中的 { $d_v } 列（{ $cols }），所以它的输出也只有这些列；其余的列归其他头使用。
masks-output-formula = concat(各头输出)·W_O
masks-axis-key = 键
masks-axis-query = 查询
masks-axis-head = 头
masks-axis-model-dimension = 模型维度
masks-axis-value-dimension = 值的维度

## 先预测：一个查询能看到哪些键？

masks-see-question = { $kind ->
    [padding] 在填充掩码下，句子后面{ $n_pad ->
        [0] 没有 { $pad } 词元
       *[other] 接了 { $n_pad } 个 { $pad } 词元
    }
    [none] 不加掩码时
    [causal] 在因果掩码下
   *[custom] 在你的自定义网格下
}，{ $label }{ $ordinal ->
    [first] （第一个词元）
    [second] （第二个词元）
    [third] （第三个词元）
   *[none] {""}
}能看到哪些键？
masks-keys-none = 一个键也看不到
masks-keys-run = { $span } 这 { $n } 个键
masks-rule-nothing = 一个键也看不到
masks-rule-itself = 只有它自己
masks-rule-upto = 它自己和它之前的每个词元
masks-rule-before = 只有它之前的词元
masks-rule-after = 它自己和它之后的每个词元
masks-rule-all = 每个键，包括它自己
masks-rule-real = 你句子里的每个词，不包括任何 { $pad } 词元
masks-row-of-mask = 掩码中{ $name }这一行
masks-why-none = { $row }没有 1：{ $name }看不到任何键，所以它在{ $heads ->
    [1] 它唯一的头
    [2] 两个头
   *[other] 全部 { $heads } 个头
}中的权重{ $zero ->
    [yes] 全都是 0
   *[no] 最大为 { $top }
}。
masks-why-has = { $row }在{ $keys }处是 1{ $rule ->
    [none] 。
   *[some] ：{ $words }。
}
masks-why-open = 这一行没有被掩蔽的键{ $whole ->
    [no] 。
   *[yes] { $n ->
        [1] ，所以唯一的键得到全部权重 1。
       *[other] ，所以这 { $n } 个键共同分享全部权重 1。
    }
}
masks-why-blocked = { $count ->
    [1] 其余那个键
   *[other] 其余 { $count } 个键
}（{ $span }）被掩蔽：分数为 −∞，所以它们在{ $heads ->
    [1] 它唯一的头
    [2] 两个头
   *[other] 全部 { $heads } 个头
}中的权重{ $exact ->
    [yes] 恰好为 0
   *[no] 为 { $top }
}{ $whole ->
    [no] 。
   *[yes] { $allowed ->
        [1] ，唯一允许的键得到全部权重 1。
       *[other] ，{ $allowed } 个允许的键共同分享全部权重 1。
    }
}
masks-guess-left-itself = 你漏掉了{ $name }自己：对角线上的 1 让每个词元都能看到它自己的键。
masks-guess-left-out = 你漏掉了{ $span }，它其实能看到。
masks-guess-counted = 你把{ $span }也算进去了，可{ $count ->
    [1] 它
   *[other] 它们
}被掩蔽了。
masks-then = { $first }{ $then }

## 看不到任何键的查询

masks-blocked-rows-title = 看不到任何键的查询
masks-blocked-rows = { $who }不能关注任何键：这一行掩码后的分数全是 −∞。没有可以分配权重的键，所以本探索器把这一行的权重都设为 0（和为 { $sum }，不是 1），输出也设为 0：最大的输出元素为 { $out }。
masks-uniform-fallback = 为什么要特别说明？普通的 softmax 在这里会算 exp(−∞) / Σ exp(−∞) = 0 / 0，结果是 *NaN*（不是一个数），而一个 NaN 会传遍后面的每一层。《动手学深度学习》里的 `masked_softmax` 曾经用 −10⁶ 而不是 −∞ 替换被掩蔽的分数，于是一整行都被掩蔽时，权重反而变成均匀分布：{ $n ->
    [1] 全部权重 1 都落在它唯一的键上
   *[other] 它的 { $n } 个键各得 1/{ $n } = { $each }
}，尽管它本应什么都看不到。
masks-no-blocked-rows = 现在没有哪个查询被完全掩蔽。{ $custom ->
    [yes] 在你的网格里取消勾选一整行
   *[no] 选择 **自定义网格**，再取消勾选一整行
}（或者点击“{ masks-preset-none }”），就能看到一个什么都看不到的查询会得到什么。

## 第 3 节：多个头

masks-several-header = 3. 多个头
masks-several-intro = **heads = { $heads }**，在侧边栏设置；那里只提供能整除 d_model = { $d_model } 的头数。{ $heads ->
    [1] 只有一个头时，这个头拿到全部 { $d_model } 列（d_k = d_v = { $d_model }），它的输出再乘以 W_O。选更多的头，就能把这些列分给它们。
   *[other] 每个头拿到 d_k = d_v = { $d_model } / { $heads } = { $d_k } 列，以及它自己的权重。各个头的输出并排拼接，再由 W_O 混合。
}
masks-ribbon-split = 拆分成多个头
masks-ribbon-weights = 每个头的注意力权重
masks-ribbon-outputs = 每个头的输出
masks-ribbon-concat = 拼接
masks-ribbon-caption = n = { $n } 个词元，d_model = { $d_model }，h = { $heads } 个头，d_k = d_v = { $d_k }。
masks-heads-wait = 回答第 2 节的问题之后，{ $heads ->
    [1] 这个头的权重
    [2] 两个头的权重
   *[other] 全部 { $heads } 个头的权重
}会显示在这里：现在显示就会泄露答案。
masks-heads-to-show = 显示哪些头
masks-heads-group = 头 { $first } … { $last }
masks-grid-title-one = 这个头的权重
masks-grid-title-all = { $heads ->
    [2] 两个头的权重，并排显示
   *[other] 全部 { $heads } 个头的权重，并排显示
}
masks-grid-title-group = 头 { $first } … { $last }（共 { $heads } 个）的权重，并排显示
masks-head-weights-title = 头 { $head } 的权重 = softmax({ $symbol }/√{ $d_k } + M)
masks-grid-caption = { $heads ->
    [1] 这张表是这个头的
   *[other] 每张表是一个头的
} softmax({ $symbol }/√d_k + M)：每一行是一个查询在各个键上的权重。{ $partial ->
    [yes] 当前显示：头 { $first } … { $last }（共 { $heads } 个）。
   *[no] {""}
}
masks-query-picker = 选择查询词元
masks-query-title-one = { $label }在它唯一的头中：softmax(qKᵀ/√{ $d_k } + M)
masks-query-title = { $label }在每个头中：softmax(qₕKₕᵀ/√{ $d_k } + M)
masks-looks-none = { $name }看不到任何键，所以{ $heads ->
    [1] 它唯一的头
    [2] 两个头
   *[other] 全部 { $heads } 个头
}都给它零权重。
masks-looks-one = { $name }只能看到{ $keys }，所以{ $heads ->
    [1] 它唯一的头
    [2] 两个头
   *[other] 全部 { $heads } 个头
}都把全部权重 1 放在那里。
masks-looks-group = 头 { $heads } → { $keys }{ $tied ->
    [yes] （并列）
   *[no] {""}
}
masks-looks-separator = ；
masks-looks = { $name }看得最多的地方：{ $where }。{ $verdict ->
    [one] 只有一个头，没有可比较的：在侧边栏选更多的头，就能看到多个头。
    [agree] 这里{ $heads ->
        [2] 两个头
       *[other] 全部 { $heads } 个头
    }都看向同一处；不过每个头传递的仍是它自己那几列 V。
   *[differ] 各个头看得最多的键不同，而看向不同键的头会传递不同的值。
}
masks-average-toggle = { $heads ->
    [1] 显示各头的平均（只有一个头时，就是它自己的权重）
   *[other] 显示 { $heads } 个头的平均（这一层从不计算的汇总）
}
masks-average-title = { $heads ->
    [1] 1 个头的平均 = 头 1 的权重
   *[other] { $heads } 个头的平均，不是一个头
}
masks-average-caption = { $heads ->
    [1] 只有一个头时，平均值 (1/h)·Σₕ weightsₕ 就是这个头的权重。有多个头时，它只是给你看的汇总：这一层从不计算它，而是把各个头的输出拼接起来，再乘以 W_O。
   *[other] 这个平均值 (1/h)·Σₕ weightsₕ 只是给你看的汇总：这一层从不计算它。这一层把各个头的输出拼接起来再乘以 W_O，所以看向别处的头不会被平均掉。
}

## 代码与笔记本

masks-code-intro = 本页的数字，用纯 numpy 写成，对应上面显示的{ $heads ->
    [1] 查询“{ $label }”
   *[other] 头 { $head } 和查询“{ $label }”
}：这就是下面笔记本的代码，它还会把自己的结果与本页核对。
masks-sources = 本页自己用 `attn_core/masks.py` 中的 `build_mask` 构造掩码，并调用一次 `attn_core/attention.py` 中的 `multi_head_attention`，每个头都用这个掩码：
masks-head-note = 本页逐步展示的头（头 { $head }）
masks-query-note = 本页展示的查询：{ $label }
masks-setting-mask = 掩码
masks-setting-tokens = 词元数（含填充）
masks-setting-head = 逐步展示的头
masks-setting-query = 跨头比较的查询

## 笔记本的 markdown 单元格

masks-nb-sentence =
    ## 1. 句子与掩码

    X（包括本页追加的填充词元）、这一层的权重矩阵，以及掩码：True 表示允许查询（行）关注键（列）。
masks-nb-steps =
    ## 2. 掩码做了什么，一步一步看

    在 softmax 之前，每个被掩蔽位置对的分数都变成 −∞，所以它的权重恰好为 0，每一行把权重分给剩下的键。
masks-nb-heads =
    ## 3. 多个头

    一个查询在每个头中的权重，以及各头的平均（只是用来看的汇总，不是一个头）。

## 公式 M_ij 的两种情况（LaTeX \text 里的文字）。

masks-cases-query = 查询
masks-cases-may-see = 可以看到键
masks-cases-blocked = 被掩蔽
