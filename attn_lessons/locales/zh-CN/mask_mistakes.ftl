### 掩码错误（attn_lessons/mask_mistakes.py）。变量说明见英文目录。

mask-mistakes-title = 掩码错误
mask-mistakes-then = { $first }{ $then }
mask-mistakes-intro = 掩码相关的错误很少会报错：形状对得上，损失在下降，模型却悄悄学到了错误的东西。下面每个错误都在你的句子上运行，只用一个覆盖整个宽度的头（d_k = d_model），并排放在正确的计算旁边。
mask-mistakes-in-the-wild-title = 这些错误出现在哪里
mask-mistakes-in-the-wild = 有些错误一千行里只有一行返回 NaN。公开的注意力代码的问题追踪器里到处都是：完全被掩蔽的行变成 NaN（PyTorch 的 issue [#41508](https://github.com/pytorch/pytorch/issues/41508)，2020 年报告），掩码加在了错误的轴上，所谓“98 % 的准确率”其实是掩码把答案漏了进去，掩码里 True 的含义和作者以为的正好相反。本页最后给出了可以在你自己的代码上运行的检查。
mask-mistakes-waiting = 回答之后，错误的权重、第 2 到 5 节、检查和小测验才会出现：其中好几项都会泄露这一行的和。
mask-mistakes-symptom = 症状与检查

## 换一个设置就能看到的效果

mask-mistakes-remedy = 想看到{ $what }，可以{ $parts }。
mask-mistakes-see-it = 这个错误的效果
mask-mistakes-see-quiz = 小测验
mask-mistakes-see-more = 更多错误露出马脚
mask-mistakes-see-mask = 掩码起作用的样子
mask-mistakes-remedy-pick = 在上面选择{ $kinds }{ $padded ->
    [yes] （填充 1 个词元）
   *[no] {""}
}
mask-mistakes-remedy-one_pad = 把填充设为 1 个词元
mask-mistakes-remedy-unblock = 在“{ $control }”中选择“{ $none }”
mask-mistakes-remedy-block = 在“{ $control }”中选择“{ $label }”
mask-mistakes-remedy-longer = 在侧边栏输入两个或更多的词

## 每个错误的名称和一句话症状

mask-mistakes-label-after_softmax = 在 softmax 之后才加掩码
mask-mistakes-label-inverted = 掩码的含义弄反了
mask-mistakes-label-wrong_axis = 掩码加在了错误的轴上
mask-mistakes-label-finite_fill = 用有限的 −10⁹ 代替 −∞
mask-mistakes-label-naive_inf = −∞ 配普通的 softmax
mask-mistakes-label-no_mask = 该加掩码的地方没加
mask-mistakes-symptom-after_softmax = 权重的行和小于 1，尽管被掩蔽的位置对没有得到任何权重。
mask-mistakes-symptom-inverted = 所有权重都落在掩码掩蔽的位置对上，允许的位置对反而一点也没有。
mask-mistakes-symptom-wrong_axis = 被掩蔽的是整行查询，而不是键列；被掩蔽的键仍然得到权重。
mask-mistakes-symptom-finite_fill = 看不到任何键的查询，在它不该读的键上得到均匀的权重；在 float16 下则得到 NaN。
mask-mistakes-symptom-naive_inf = 看不到任何键的查询得到 NaN 权重和 NaN 输出，NaN 再从那里扩散开。
mask-mistakes-symptom-no_mask = 每个查询都读到了每个键：改动后面的词元，前面的输出也会跟着变。
mask-mistakes-symptom-line = **症状**：{ $text }
mask-mistakes-check-line = **检查**：`{ $code }`

## 小测验的解释

mask-mistakes-explain-after_softmax = 在 softmax 之后再置零，被掩蔽的位置对恰好为 0，但行和会小于 1；这里被掩蔽位置对上的最大权重为 { $blocked }，最小的行和为 { $lowest }。
mask-mistakes-explain-inverted = 含义弄反的掩码把所有权重都放在被掩蔽的位置对上，允许的位置对一点也没有；这里允许位置对上的最大权重为 { $allowed }，被掩蔽位置对上的为 { $blocked }。
mask-mistakes-explain-wrong_axis = 加在错误轴上的掩码，等于把掩码的行和列互换后做正确的计算，于是掩码掩蔽的位置对得到了权重，允许的位置对反而没有；这里 { $blocked_pairs } 个被掩蔽的位置对中有 { $blocked_weighted } 个得到了权重，{ $allowed_pairs } 个允许的位置对中有 { $allowed_empty } 个没有权重{ $silenced ->
    [0] {""}
   *[other] ，有 { $silenced } 行能看到键却完全没有权重
}，而且权重{ $same ->
    [yes] 正是
   *[no] 并不是
}把掩码转过来之后的权重。
mask-mistakes-explain-finite_fill = 有限的填充值只改变完全被掩蔽的行：这些行在不该读的键上得到了权重，而不是 0；这里有 { $n } 个完全被掩蔽的行得到了权重。
mask-mistakes-explain-naive_inf = −∞ 配普通的 softmax 会把每个完全被掩蔽的行变成 NaN；这里有 { $n } 行是 NaN。
mask-mistakes-explain-no_mask = 漏掉掩码会给每个位置对权重，不管它是否该被掩蔽；这里 { $blocked_pairs } 个被掩蔽的位置对中有 { $blocked_weighted } 个得到了权重（最多 { $blocked }），{ $allowed_pairs } 个允许的位置对中有 { $allowed_empty } 个没有权重，而且权重{ $same ->
    [yes] 正是
   *[no] 并不是
}不加掩码时的权重。
mask-mistakes-reading-nan = NaN 行数
mask-mistakes-reading-row-gap = 最大的行和偏差
mask-mistakes-reading-blocked = 被掩蔽位置对上的最大权重
mask-mistakes-reading-allowed = 允许位置对上的最大权重
mask-mistakes-reading-silenced = 没有权重的开放行
mask-mistakes-reading-filled = 得到权重的完全掩蔽行
mask-mistakes-reading-even = …其中权重均匀分配的
mask-mistakes-reading-blocked-weighted = 得到权重的被掩蔽位置对
mask-mistakes-reading-allowed-empty = 没有权重的允许位置对
mask-mistakes-of = { $whole } 个中的 { $part } 个
mask-mistakes-gives-1 = = 不加掩码的权重
mask-mistakes-gives-2 = 不加掩码时的权重
mask-mistakes-gives-3 = = 转置后的掩码
mask-mistakes-gives-4 = 转置后的掩码
mask-mistakes-gives-5 = 把掩码转过来
mask-mistakes-readings-note = 行和偏差是一行的和离 1 有多远；对于被掩码完全掩蔽的行，则是离 0 有多远。开放行是至少能看到一个键的行。一个位置对的权重大于 0，就算“得到权重”。NaN 行不计入其他读数。
mask-mistakes-verdict-right = 答对了：是**{ $secret }**。原因：{ $why }
mask-mistakes-verdict-wrong = 这次不对：是**{ $secret }**，因为{ $why }你选的是“{ $pick }”：{ $pick_why }
mask-mistakes-quiz-one = 在这个掩码下，只有一个掩码错误（{ $name }）能凭症状与正确的计算和其他错误区分开，所以小测验只会有一个答案。
mask-mistakes-quiz-none = 在这个掩码下，每个掩码错误要么给出正确的权重，要么看起来和另一个完全一样，所以没有什么可找的。

## 你的句子和掩码

mask-mistakes-mask-header = 你的句子和掩码
mask-mistakes-block-label = 另外掩蔽这个查询的所有键
mask-mistakes-block-none = 不掩蔽任何查询
mask-mistakes-block-help = 一个完全看不到键的查询，就像因果掩码下左侧填充的句子的第一个词元。这样第 1 到 4 节和小测验里就会有一个完全被掩蔽的行。
mask-mistakes-pad-slider = 末尾有多少个词元是填充？
mask-mistakes-grid-label = 你的网格：每个查询行写成一串 0 和 1，行与行之间用“-”连接（1 = 可以关注）
mask-mistakes-grid-help = “掩码与多头”页上有一个可以勾选的网格；它的链接带的是同样的字符串。
mask-mistakes-m-formula = 0（可以关注）或 −∞（被掩蔽）
mask-mistakes-axis-key = 键
mask-mistakes-axis-query = 查询
mask-mistakes-setting-mask = 掩码
mask-mistakes-setting-padding = 填充词元数
mask-mistakes-setting-blocked = 完全被掩蔽的查询
mask-mistakes-setting-none = 无
mask-mistakes-setting-token = 被替换的词元
mask-mistakes-setting-word = 换成的词
mask-mistakes-grid-notice = 你的网格是 { $m } × { $m }，但句子有 { $n } 个词元，所以把它{ $how ->
    [cut] 裁剪
   *[grown] 扩展
}为 { $n } × { $n }{ $new ->
    [yes] （新增的位置对都允许关注）
   *[no] {""}
}。
mask-mistakes-grid-refused = 这个网格无法读取：`{ $error }`。在能读取之前，所有位置对都允许关注。
mask-mistakes-summary-one = 你的掩码掩蔽了唯一的“查询→键”位置对（下面 M 中的 −∞）：{ $row }看不到任何键。
mask-mistakes-summary-blocks = { $all ->
    [yes] { $pairs ->
        [1] 你的掩码掩蔽了唯一的“查询→键”位置对（下面 M 中的 −∞）。
        [2] 两个“查询→键”位置对都被你的掩码掩蔽了（下面 M 中的 −∞）。
       *[other] 你的掩码掩蔽了全部 { $pairs } 个“查询→键”位置对（下面 M 中的 −∞）。
    }
   *[no] 在 { $pairs } 个“查询→键”位置对中，你的掩码掩蔽了 { $blocked } 个（下面 M 中的 −∞）。
}
mask-mistakes-summary-every-closed = 每个查询都看不到任何键：每一行都被完全掩蔽。
mask-mistakes-summary-closed = { $rows }看不到任何键：所在的行被完全掩蔽。
mask-mistakes-summary-open = 每个查询都至少还能看到一个键。
mask-mistakes-blocks-nothing = 你的掩码没有掩蔽任何“查询→键”位置对。
mask-mistakes-right-anyway = 所以下面 { $total } 个掩码错误中，有 { $k } 个用这个掩码也会给出正确的权重：{ $names }。
mask-mistakes-only-others = 只有{ $names }会改变权重{ $inverted ->
    [yes] （弄反之后，什么都不掩蔽的掩码会掩蔽所有位置对）。
   *[no] 。
}

## 1. 在 softmax 之后才加掩码

mask-mistakes-after-header = 1. 在 softmax 之后才加掩码
mask-mistakes-after-intro = 掩码必须作用在**分数**上，在 softmax 之前；如果之后再置零，被掩蔽的键早已分走了它们的那一份。
mask-mistakes-after-fold = { mask-mistakes-symptom }；事后重新归一化，以及 float16 下溢
mask-mistakes-row-sum-zero = 恰好为 0
mask-mistakes-row-sum-less = 介于 0 和 1 之间
mask-mistakes-row-sum-one = 恰好为 1
mask-mistakes-row-sum-more = 大于 1
mask-mistakes-row-sum-question = 如果在 softmax 之后再把被掩蔽的权重置零，“{ $label }”这一行的和是多少？
mask-mistakes-reveal = { $answer }：{ $why }
mask-mistakes-why-row-sum = { $case ->
    [none-one] “{ $label }”不能看到它唯一的键，所以它唯一的权重被置零，和把掩码加在分数上时一样。
    [none] “{ $label }”看不到 { $n } 个键中的任何一个，所以它这一行的每个权重都被置零，和把掩码加在分数上时一样。
    [all] “{ $label }”能看到{ $n ->
        [1] 它唯一的键
        [2] 两个键
       *[other] 全部 { $n } 个键
    }，所以这一行没有任何权重被置零，和为 1，本该如此。
    [zero] “{ $label }”能看到 { $n } 个键中的 { $allowed } 个。softmax 先把这一行的权重分给了{ $n ->
        [2] 两个键
       *[other] 全部 { $n } 个键
    }，而 { $nb } 个被掩蔽键的分数遥遥领先，使允许的键的权重下溢成了 0；把被掩蔽的权重置零之后，什么都不剩。
    [one] “{ $label }”能看到 { $n } 个键中的 { $allowed } 个。softmax 先把这一行的权重分给了{ $n ->
        [2] 两个键
       *[other] 全部 { $n } 个键
    }，但 { $nb } 个被掩蔽的键分到的权重小到在浮点数中舍入为 0，所以置零并没有拿走什么。在精确的算术中，这一行的和会略小于 1。
   *[less] “{ $label }”能看到 { $n } 个键中的 { $allowed } 个。softmax 先把这一行的权重分给了{ $n ->
        [2] 两个键
       *[other] 全部 { $n } 个键
    }，而 { $nb } 个被掩蔽的键拿走了其中的 { $took }；把它们置零之后，只剩下 { $left }。如果改为把掩码加在分数上，允许的键就会分到全部的 1。
}
mask-mistakes-after-nothing = { $all_blocked ->
    [yes] 你的掩码掩蔽了每个查询的每个键，所以在 softmax 之后置零在这里没有任何改变：每一行的和都是 0，和把掩码加在分数上时一样。
   *[no] 对于能看到键的查询，你的掩码没有掩蔽它们的任何键，所以在 softmax 之后置零在这里没有任何改变：每个能看到键的行，和仍然为 1。
}
mask-mistakes-after-rows = 在 softmax 之后置零，{ $case ->
    [none] { $n } 行中没有一行的和还是 1
    [all] 每一行的和在 10⁻⁹ 以内仍然为 1
   *[some] { $n } 行中有 { $short } 行的和不再是 1
}；最低的是“{ $label }”，为 { $sum }。{ $zero_rows ->
    [yes] 完全被掩蔽的行，无论哪种做法，和都是 0。
   *[no] {""}
}
mask-mistakes-wrong-weights = 错误的权重
mask-mistakes-right-weights = 正确的权重
mask-mistakes-column-query = 查询
mask-mistakes-column-keys = 能看到的键数
mask-mistakes-column-right-sum = 正确：行和
mask-mistakes-column-wrong-sum = 错误：行和
mask-mistakes-column-scores = 分数
mask-mistakes-renormalising = **那么事后重新归一化呢**？把每个置零后的行除以它新的和（`weights /= weights.sum(-1, keepdims=True)`）可以修复行和，在精确的算术中也能得到正确的掩码权重。但在浮点数中并不总是如此：
mask-mistakes-renorm-scaled = 你的分数 ×{ $factor }
mask-mistakes-renorm-two-keys = [{ $lead }, 0]，键 0 被掩蔽
mask-mistakes-renorm-nan = { $n } 行是 NaN
mask-mistakes-renorm-off = 相差 { $gap }
mask-mistakes-renorm-same = 相同
mask-mistakes-renorm-limit = { $dtype } 下约 { $gap }
mask-mistakes-renorm-general = 一般来说，只要某一行里有一个被掩蔽的分数比每个允许的分数都高出大约 { $limits } 以上，它就会出错：允许的权重在相除之前就下溢成了 0，而 0 / 0 是 NaN。表中的两键行展示了这一点。
mask-mistakes-renorm-tail = 完全被掩蔽的行无论数值多大都是 0 / 0 = NaN（你的句子里有 { $rows } 行，表中没有列出）。
mask-mistakes-renorm-agree = 对于还能看到其他键的查询，你的掩码没有掩蔽它们的任何键，所以在你的句子上两种做法结果一致。
mask-mistakes-renorm-below = 在你的句子上，没有哪个被掩蔽的分数高于它所在行最好的允许分数（{ $tie ->
    [yes] 有一个与之持平
   *[no] 最接近的低 { $below }
}），所以在这里无论放大多少，重新归一化都能得到正确的掩码权重。
mask-mistakes-renorm-leads = 在你的句子上，有一个被掩蔽的分数比它所在行最好的允许分数最多高出 { $lead }，所以放大到一定程度，允许的权重就会下溢。

## 2. 含义弄反，3. 错误的轴

mask-mistakes-inverted-header = 2. 掩码的含义弄反了
mask-mistakes-inverted-intro = 在 True 表示“可以关注”的地方，传入一个 True 表示“被掩蔽”的掩码，于是每个允许的位置对都被掩蔽，每个被掩蔽的位置对都被允许。不会有任何报错。
mask-mistakes-inverted-fold = { mask-mistakes-symptom }；PyTorch 中 True 的两种含义
mask-mistakes-torch-meanings = PyTorch 两种含义的 True 都在用，文档里并排写着；无论哪种，形状都对得上，dtype 也都是 bool。
mask-mistakes-true-pair-allows = 这个查询可以关注这个键
mask-mistakes-true-pair-blocks = 这个查询不可以关注这个键
mask-mistakes-true-key-allows = 这个键可以被关注
mask-mistakes-true-key-blocks = 这个键是填充：忽略它
mask-mistakes-this-page = 本页
mask-mistakes-conventions-api = PyTorch
mask-mistakes-conventions-argument = 参数
mask-mistakes-conventions-shape = 形状
mask-mistakes-conventions-true = True 表示
mask-mistakes-inverted-nothing = 你的掩码什么都不掩蔽，所以弄反之后它掩蔽一切：每个权重都是 0，每个输出也都是 0。
mask-mistakes-inverted-everything = 你的掩码掩蔽了所有位置对，所以弄反之后它允许所有位置对：每个查询都读到每个键，就像根本没有掩码。
mask-mistakes-inverted-causal = 弄反之后，你的因果掩码让每个词元只能看到它之后的词元，看不到自己：“{ $first }”现在读的是{ $later }，而最后一个词元“{ $last }”什么都看不到（这里是 0，配普通的 softmax 则是 NaN）。模型读到的只有未来。
mask-mistakes-inverted = 弄反后的掩码恰好放行了你的掩码掩蔽的那 { $let } 个位置对，并掩蔽了原本允许的 { $block } 个。你允许的位置对上的最大权重现在{ $exact ->
    [yes] 恰好为 0
   *[no] 为 { $top }
}：所有权重都落在本该被掩蔽的位置对上。
mask-mistakes-inverted-closed = { $rows }现在看不到任何键，所以所在的行全是 0。
mask-mistakes-wrong-axis-header = 3. 掩码加在了错误的轴上
mask-mistakes-wrong-axis-intro = 填充掩码是每个**键**一个标志：形状为 (1, n) 时，它掩蔽的是键列；形状为 (n, 1) 时，它掩蔽的却是查询行。对于完整的 (n, n) 掩码，这个错误就是把它转置。
mask-mistakes-axis-symmetric = 你的掩码等于它自己的转置（查询 i 能看到键 j，当且仅当查询 j 能看到键 i），所以加在错误的轴上在这里没有任何改变。
mask-mistakes-axis-padding = 形状为 (1, { $n }) 时，掩码掩蔽的是{ $names }的键列：没有查询会读到填充。形状为 ({ $n }, 1) 时，它掩蔽的却是它们的查询行：填充自己的输出被屏蔽了，而每个真实的查询仍然在读填充（“{ $top }”把 { $share } 的权重给了它们）。
mask-mistakes-axis-causal = 转过来之后，因果掩码让每个词元看到它自己和它之后的一切，而不是之前的：“{ $first }”现在读到{ $n ->
    [1] 唯一的词元
    [2] 两个词元
   *[other] 全部 { $n } 个词元
}，而最后一个词元“{ $last }”只读到它自己。
mask-mistakes-axis-other = 行和列互换之后，凡是你的掩码不让查询 j 看键 i 的地方，现在都不让查询 i 看键 j：你允许的 { $moved } 个位置对现在被掩蔽了，而你掩蔽的 { $moved } 个位置对现在得到了权重（最多 { $top }）。

## 4. 有限的“负无穷”

mask-mistakes-fill-header = 4. 有限的“负无穷”
mask-mistakes-fill-intro = 很多代码库用 −10⁹ 而不是 −∞ 来掩蔽，以躲开“看不到任何键的行”产生的 NaN。这里把两种做法和正确的做法都列出来。
mask-mistakes-fill-fold = 症状与检查；正确做法的那一行
mask-mistakes-fill-radio = 有限的填充值
mask-mistakes-fill-label-min = 该 dtype 的最小值
mask-mistakes-fill-label-textbooks = −10⁶（有些教材这样做）
mask-mistakes-fill-short-min = 最小值
mask-mistakes-title-wrong = 错误：{ $what }
mask-mistakes-title-right-zeros = 正确：全 0
mask-mistakes-fill-title = “{ $label }”的权重，所有键都被掩蔽，{ $dtype }
mask-mistakes-blocked-row-added = 你的掩码给每个查询都留了键，所以这一节把“{ $label }”的所有键都掩蔽掉，就像因果掩码下左侧填充对第一个词元所做的那样。
mask-mistakes-blocked-row = 在你的掩码下，“{ $label }”看不到任何键：它这一行的每个分数都被掩蔽。{ $more ->
    [0] {""}
   *[other] 另外还有 { $more } 行也被完全掩蔽。
}
mask-mistakes-fill-lowest = { $dtype } 的最小值 { $value }
mask-mistakes-output-zeros = 它的输出全是 0，本该如此
mask-mistakes-output-one = 它的输出是 { $far }，而不是 0
mask-mistakes-output-far = 它的输出本应全是 0，而离 0 最远的元素是 { $far }
mask-mistakes-naive-nan = **−∞ 配普通的 softmax**：“{ $label }”这一行的每个分数都是 −∞，最大值也是 −∞，而 −∞ − (−∞) 是 NaN：{ $n ->
    [1] 它的权重
    [2] 两个权重
   *[other] 全部 { $n } 个权重
}都是 NaN，输出也是。
mask-mistakes-naive-fine = **−∞ 配普通的 softmax**：“{ $label }”这一行在这里没有 NaN；它的最大权重为 { $largest }。
mask-mistakes-fill-overflow = **填充 { $name }**：{ $dtype } 无法存储 { $name }（{ $dtype } 能表示的最大绝对值是 { $big }），所以 np.{ $dtype }({ $fill }) 就是 −∞：填充值变成了它本想避开的那个 −∞，这一行{ $nan ->
    [yes] 又成了 NaN
   *[no] 并没有变成 NaN
}。
mask-mistakes-fill-nan = **填充 { $name }**：在 { $dtype } 中，这一行仍有 NaN 权重。
mask-mistakes-fill-spread = **填充 { $name }**：这一行的每个分数都是同一个数 { $name }，所以 softmax { $how ->
    [one] 把全部权重放在唯一的那个键上，而它是被掩蔽的
    [even] 把权重平均分配（{ $n } 个键各得 { $each }，全都被掩蔽）
   *[some] 仍然把权重放在它不该看的键上（最多 { $largest }）
}，于是这个查询读到了它本该忽略的值：{ $reading }。
mask-mistakes-safe-zero = **attn_core 的 softmax** 看到一行没有任何有限的分数，就在 { $dtype } 中给它权重 0 和输出 0：这个查询什么都不读，这正是掩码要求的。
mask-mistakes-safe-weight = **attn_core 的 softmax** 给这一行的权重最多为 { $largest }。

## 5. 没有因果掩码：泄漏测试

mask-mistakes-no-mask-header = 5. 该加因果掩码的地方没加
mask-mistakes-no-mask-intro = 预测下一个词元的模型不能读到它。没有因果掩码，模型就会偷看后面：训练效果看起来极好，生成却一塌糊涂。测试方法**：改动一个靠后的词元，更早的输出会变吗**？
mask-mistakes-one-token = 你的句子只有一个词元，没有哪个输出排在另一个之前。请在侧边栏输入至少两个词的句子，再做泄漏测试。
mask-mistakes-leak-token = 改动这个词元
mask-mistakes-leak-word = 换成这个词
mask-mistakes-leak-row-wrong = 错误：不加掩码
mask-mistakes-leak-row-causal = 因果掩码
mask-mistakes-leak-axis = 查询（输出行）
mask-mistakes-leak-title = 每个输出的最大变化，“{ $label }” → “{ $word }”
mask-mistakes-word-refused = 这个新词不能用：`{ $error }`。
mask-mistakes-same-word = “{ $word }”已经是那个位置上的词元，所以什么都不会变。请输入另一个词。
mask-mistakes-leak-first = “{ $label }”是第一个词元：它之前没有任何输出，所以没有什么可泄漏的。请选一个靠后的词元。
mask-mistakes-leak-free = 不加掩码时，把“{ $label }”换成“{ $word }”，{ $case ->
    [none] 恰好没有改变前面 { $t } 个输出中的任何一个。
    [one] 会让它前面的“{ $first }”的输出变化 { $most }：它读到了在它之后的词元。
   *[some] 会让{ $all ->
        [yes] { $t ->
            [1] 前面唯一的输出
            [2] 前面两个输出都
           *[other] 前面全部 { $t } 个输出
        }
       *[no] 前面 { $t } 个输出中的 { $moved } 个
    }发生变化（变化最大的是“{ $top }”，为 { $most }）：它们每一个都读到了在自己之后的词元。
}
mask-mistakes-leak-causal = 加上因果掩码后，{ $leaks ->
    [no] { $t ->
        [1] 它没有变化
       *[other] { $t } 个输出都没有变化
    }，最大变化：{ $worst }。
   *[yes] { $t } 个输出中仍有 { $moving } 个在变（最多 { $worst }）：掩码有漏洞。
}

## 在你自己的代码上做的检查

mask-mistakes-checks-header = 在你自己的代码上做的检查
mask-mistakes-checks-intro = 五项检查，在上面的每个计算上运行：
mask-mistakes-checks-fold = 五项检查逐一说明，以及可用于你的代码的版本
mask-mistakes-checks-toggle = 在你自己的代码上运行这些检查
mask-mistakes-snippet-help = 可以粘贴到笔记本里运行的 numpy 代码，带有你的句子的数字。
mask-mistakes-snippet-intro = 可运行的 numpy 代码：你的句子现在的 Q、K、V 和掩码，一个可以换成你自己实现的 `{ $attention }`，以及五项检查（`{ $checks }`）。它会打印“all 5 checks pass”，或者列出没通过的检查。
mask-mistakes-column-computation = 计算
mask-mistakes-heading-rows = 行和为 1
mask-mistakes-heading-blocked = 被掩蔽得 0
mask-mistakes-heading-leak = 无泄漏
mask-mistakes-heading-blocked_row = 全掩蔽行为 0
mask-mistakes-heading-known = 已知答案
mask-mistakes-right-label = 正确：−∞，再给全 0
mask-mistakes-caught = { $head ->
    [fails] 正确的计算在这里没有通过某项检查，这本不该发生
    [all] 正确的计算通过了{ $n ->
        [1] 唯一的一项检查
        [2] 两项检查
       *[other] 全部 { $n } 项检查
    }
   *[some] 正确的计算通过了这里实际运行的{ $n ->
        [1] 那一项检查
        [2] 两项检查
       *[other] 全部 { $n } 项检查
    }（— 表示该项没有可检查的内容）
}{ $missed ->
    [none] ，而每个错误都至少没通过一项。
   *[some] 。在这个句子和掩码上没有被发现的：{ $names }。
}
mask-mistakes-reading-exactly-0 = 恰好为 0
mask-mistakes-check-rows = { $mark } **每一行的和为 1，完全被掩蔽时为 0**：{ $n } 行中的最大偏差：{ $reading }。
mask-mistakes-check-blocked = { $mark } **被掩蔽的位置对恰好得 0**：{ $count } 个被掩蔽位置对上的最大权重：{ $reading }。
mask-mistakes-check-blocked-none = — **被掩蔽的位置对恰好得 0**：你的掩码没有掩蔽任何位置对，所以这里没有可检查的。
mask-mistakes-check-leak-none = — **在因果掩码下，改动词元 t 不会改变任何更早的输出**：只有一个词元时，没有更早的输出可检查。
mask-mistakes-check-leak = { $mark } **在因果掩码下，改动词元 t 不会改变任何更早的输出**：把“{ $label }”换成“{ $word }”{ $passed ->
    [yes] 没有改变其中任何一个
   *[no] 改变了它们
}：{ $t } 个更早的输出中的最大变化：{ $reading }。
mask-mistakes-check-blocked-row = { $mark } **完全被掩蔽的行给出全 0，而不是 NaN**：把“{ $label }”的所有键都掩蔽后，{ $how ->
    [zero] 它的权重和输出全都恰好为 0。
    [nan] 输出中含有 NaN。
   *[far] 它的权重和输出元素离 0 最远达到 { $reading }。
}
mask-mistakes-check-known = { $mark } **已知答案**：键和值都取独热向量，每个查询对自己的键打分为 ln 4，在因果掩码下，查询 i（从 0 开始数）必须给自己 4/(i + 4)，给每个更早的键 1/(i + 4)（{ $example ->
    [two] 查询 1：{ $a } 和 { $b }
   *[one] 查询 0 只看到自己：1
}）；最大偏差：{ $reading }。

## 小测验

mask-mistakes-quiz-header = 找出掩码错误
mask-mistakes-quiz-intro = 上面的某个错误，用你的 Q、K、V 和掩码算出了这些权重。是哪一个？它的症状就在读数表里。
mask-mistakes-quiz-number = 题号（小测验的随机种子）
mask-mistakes-quiz-new = 换一道题
mask-mistakes-mystery-weights = 神秘权重
mask-mistakes-column-measured = 测量项
mask-mistakes-column-mystery = 神秘计算
mask-mistakes-column-right = 正确计算
mask-mistakes-readings-fold = 这些读数测的是什么
mask-mistakes-quiz-question = 神秘权重是哪个错误造成的？
mask-mistakes-quiz-check = 检查我的答案
mask-mistakes-pick-first = 请先选一个错误。

## 带回家

mask-mistakes-sources = 本页每张错误的表都来自 `attn_core/mask_mistakes.py` 中的某个函数；正确的表来自 `masked_attention`。
mask-mistakes-code-intro = 先是你的句子和掩码，然后是{ $leak ->
    [yes] 第 1 到 5 节
   *[no] 第 1 到 4 节（第 5 节暂时没有画表）
}，用纯 numpy 写成，用的是你设置的控件值：这就是下面笔记本的代码，它还会把结果与本页核对。
mask-mistakes-take-home-help = 用纯 numpy 和你的数字写出的第 1 到 5 节，以及每张表背后的函数。
mask-mistakes-dtype-note = 第 4 节的 dtype
mask-mistakes-fill-note = 第 4 节中代替 −∞ 的有限值：'-1e9'、'-1e6' 或 'min'（该 dtype 的最小值）
mask-mistakes-no-leak-note = 第 5 节：本页暂时没有画泄漏测试
mask-mistakes-leak-word-note = 下面的 leak_x：它的嵌入加上位置
mask-mistakes-fill-row-note = 第 4 节：本页展示的完全被掩蔽的行：{ $label }
mask-mistakes-leak-token-note = 第 5 节：被替换的词元，{ $label } -> { $word }
mask-mistakes-nb-leak-none = 改动一个靠后的词元，看看哪些更早的输出会变。本页暂时没有为这个测试画图（它需要至少两个词元的句子，以及一个与被替换词不同的新词），所以这个笔记本也跳过它。
mask-mistakes-nb-leak = 把 { $token } 换成 { $word }，看看哪些输出会变：没有掩码时，更早的输出也会变。

## 笔记本的 markdown 单元格

mask-mistakes-nb-mask =
    ## 你的句子和掩码

    只用一个覆盖整个宽度的头（d_k = d_model）。掩码：True 表示允许查询（行）关注键（列）。
mask-mistakes-nb-after =
    ## 1. 在 softmax 之后才加掩码

    事后把被掩蔽的权重置零，每一行只剩下允许的键在与本不该看到的键竞争时分到的那一份。
mask-mistakes-nb-inverted =
    ## 2. 掩码的含义弄反了

    在 True 表示*可以关注*的地方，传入一个 True 表示*被掩蔽*的掩码：每个允许的位置对都变成被掩蔽，每个被掩蔽的位置对都变成允许。
mask-mistakes-nb-axis =
    ## 3. 掩码加在了错误的轴上

    形状是 (n, 1) 而不是 (1, n) 时，填充掩码掩蔽的是查询行而不是键列；对于完整的 (n, n) 掩码，同样的错误就是转置。
mask-mistakes-nb-fill =
    ## 4. 有限的“负无穷”

    一行的所有键都被掩蔽，用本页所用的 dtype，以三种方式计算。
mask-mistakes-nb-leak-heading =
    ## 5. 该加因果掩码的地方没加

    { $leak_sentence }
