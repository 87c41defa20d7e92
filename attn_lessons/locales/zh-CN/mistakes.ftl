### 常见错误（attn_lessons/mistakes.py）。变量说明见英文目录。

mistakes-title = 常见错误
mistakes-intro = 人们自己写注意力代码时，最常犯的三个错误是：在错误的轴上做 softmax；除以 √d_model 而不是 √d_k；把 Q、K、V 的角色弄混。每个错误都在你的句子上运行，并排放在正确的计算旁边，让你学会从症状认出错误。
mistakes-one-token = 你的句子只有一个词元。只有一个查询和一个键时，无论犯了哪个错误，每个权重都是 1，权重看不出任何差别。请在侧边栏输入至少两个词的句子。
mistakes-then = { $first }{ $then }

## 错误的名称

mistakes-label-axis0 = 在错误的轴上做 softmax（查询，axis 0）
mistakes-label-sqrt_d_model = 除以 √d_model 而不是 √d_k
mistakes-label-no_scale = 完全不缩放
mistakes-label-swap_qk = Q 和 K 互换
mistakes-label-v_as_k = 打分时用 V 代替 K
mistakes-label-k_as_v = 用 K 代替 V 作为值

## 检查项

mistakes-check-row-gap = 最大的 |行和 − 1|
mistakes-check-column-gap = 最大的 |列和 − 1|
mistakes-check-masked-column-gap = 最大的列和偏差
mistakes-check-scores-same = 分数等于 QKᵀ
mistakes-check-scores-transposed = 分数等于 (QKᵀ)ᵀ
mistakes-check-weights-same = 权重等于正确权重
mistakes-check-entropy = 平均行熵（奈特）
mistakes-check-max-weight = 平均最大权重
mistakes-check-output-gap = 最大的 |输出 − 正确输出|
mistakes-column-note = 列和偏差对列也一样：一列的和离 1 有多远；对于没有任何查询能看到的键，则是离 0 有多远。
mistakes-yes = 是
mistakes-no = 否
mistakes-readings-check = 检查项
mistakes-readings-mystery = 神秘计算
mistakes-readings-right = 正确计算
mistakes-row-gap-name = { $masked ->
    [yes] 行和偏差
   *[no] |行和 − 1|
}
mistakes-column-gap-name = { $masked ->
    [yes] 列和偏差
   *[no] |列和 − 1|
}
mistakes-spread-all = 都是 { $lo }
mistakes-spread = 从 { $lo } 到 { $hi }
mistakes-scores-kind = { $relation ->
    [same] 等于 QKᵀ
    [transposed] 等于 (QKᵀ)ᵀ
   *[neither] 既不是 QKᵀ，也不是它的转置
}

## 第 1 节：在错误的轴上做 softmax

mistakes-axis-header = 1. 在错误的轴上做 softmax
mistakes-axis-intro = 和首页一样，这里只用一个覆盖整个宽度的头。softmax 必须对每个查询沿着**键**做归一化，也就是沿 QKᵀ 的最后一个轴。一个常见的失误是写成了另一个轴。
mistakes-axis-question = 错误的代码调用了 `softmax(scores, axis=0)`。在它得到的权重里，哪个的和为 1：行，还是列？
mistakes-sum-rows = 行（每个查询的权重）
mistakes-sum-columns = 列（每个键的权重）
mistakes-sum-neither = 都不是
mistakes-right-weights = 正确的权重（回答之后，错误的权重会出现在旁边）
mistakes-title-right-keys = 正确：对键做 softmax
mistakes-title-wrong-queries = 错误：对查询做 softmax
mistakes-the-weights = 权重
mistakes-sums-heading = { $which ->
    [right] **正确**权重的和
   *[wrong] **错误**权重的和
}
mistakes-column-token = 词元
mistakes-column-row-sum = 行和
mistakes-column-column-sum = 列和
mistakes-how-to-catch = 怎样发现它
mistakes-axis-outputs = 它对输出有什么影响
mistakes-outputs-one-scale = 输出，使用同一个色标
mistakes-title-right-output = 正确：输出 = 权重·V
mistakes-title-wrong-output-axis = 错误：输出，axis 0
mistakes-title-difference = 错误输出 − 正确输出
mistakes-axis-catch = **诊断方法**：检查权重的每一行之和是否为 1：`assert np.allclose(weights.sum(axis=-1), 1)`。
mistakes-axis-waits = 回答第 1 节的预测之后，错误的轴才会加入这张表：它的行和会泄露答案。
mistakes-gives-1 = 错误：对查询做 softmax
mistakes-gives-2 = **错误**权重的和
mistakes-gives-3 = 第一个轴，也就是查询
mistakes-gives-4 = 对查询做 softmax
mistakes-gives-5 = 沿查询
mistakes-gives-6 = 查询，axis 0
mistakes-gives-7 = 错误权重的每一列
mistakes-gives-8 = 每一列
mistakes-gives-9 = 每列
mistakes-gives-10 = 列和
mistakes-sums-right = **正确**：行和{ $rows }；列和{ $cols }，而列和本来就不要求是 1。
mistakes-sums-wrong-hidden = **错误**：列和{ $cols }；在这个句子上，行和恰好也{ $rows }，所以行和检查在这里发现不了这个错误；{ $moved ->
    [yes] 不过权重与正确权重仍然最多相差 { $by }
   *[no] 别的检查也发现不了：权重与正确权重在 10⁻⁹ 以内一致
}。
mistakes-sums-wrong = **错误**：列和{ $cols }，但行和{ $rows }。这样一来，查询的输出就不再是值的平均：行和大于 1 的行得到超过一个值的分量，行和小于 1 的行得到的则更少。
mistakes-axis-reveal = { $case ->
    [columns] `softmax(scores, axis=0)` 沿每一列、也就是沿查询做归一化，所以错误权重的每一列和都为 1（{ $cols }），而它的行和{ $rows }（最大的 |行和 − 1|：{ $gap }）。一行是一个查询的权重，所以行和大于 1 的查询会得到超过一个值的分量。
    [both] `softmax(scores, axis=0)` 沿每一列、也就是沿查询做归一化，所以错误权重的每一列和都为 1（{ $cols }）；在这个句子上，它的行和恰好也为 1（{ $rows }），但只有列是被强制归一化的。
    [rows] 这里错误权重的行和为 1（{ $rows }），列和{ $cols }。
   *[neither] 这里行和列的和都不为 1：错误权重的行和{ $rows }，列和{ $cols }。
}
mistakes-outputs-agree = 在这个句子上，输出在 10⁻⁹ 以内一致。三个输出共用一个色标。
mistakes-output-change = 最大的差异是 { $largest }，出现在 { $token } 这一行：{ $one ->
    [yes] 它的错误权重之和仍为 1，只是落在了别的键上
   *[no] 它的错误权重之和为 { $sum }，而不是 1
}。三个输出共用一个色标。

## 第 2 节：错误的缩放

mistakes-scale-header = 2. 错误的缩放
mistakes-head-to-show = 显示哪个头
mistakes-head-option = 头 { $head }
mistakes-scale-divisor = { $heads ->
    [1] 只有一个头时，查询和键的宽度是 d_k = d_model = **{ $d_k }**
   *[other] 分成 { $heads } 个头后，每个头的查询和键的宽度是 d_k = d_model / heads = { $d_model } / { $heads } = **{ $d_k }**
}，所以正确的除数是 √d_k = { $sqrt }。
mistakes-scale-how = { $how ->
    [sqrt_d_model] 如果改为除以 √d_model = { $sqrt }，就会{ $clause }
   *[no_scale] 如果完全不除，就会{ $clause }
}
mistakes-flatness = { $word ->
    [same] 让权重与正确权重完全一样平坦
   *[flatter] 让权重更平坦
    [peaked] 让权重更尖锐
    [as-flat] 让权重与正确权重差不多一样平坦
}：它们{ $several ->
    [yes] 在所有头上的
   *[no] {""}
}平均行熵为 { $entropy }{ $word ->
    [same] ，与正确权重的相同。
   *[other] ，而正确权重的是 { $right }。
}
mistakes-note-sqrt-d-model = heads = { $heads } 时，d_k = d_model = { $d_model }，所以 √d_model 和 √d_k 是同一个数，除以哪个都得到同样的权重：没有差别可以展示。在侧边栏把 **heads** 调到 2 或更多，就能看到 √d_model 这个错误。
mistakes-note-no-scale = 这里 d_k = { $d_k }，所以 √d_k = 1，不做缩放恰好也会得到正确的权重。选更大的 d_model 或更少的头，就能看到“完全不缩放”这个错误。
mistakes-title-right = 正确：{ $what }
mistakes-title-wrong = 错误：{ $what }
mistakes-output-divided = 输出 { $div }
mistakes-difference-divided = 输出 { $div } − 正确输出
mistakes-head-weights = 头 { $head } 的权重
mistakes-against-right-itself = 正确的计算
mistakes-against-right = { $delta }（相对 √d_k）
mistakes-measure-entropy = 平均行熵（奈特）
mistakes-measure-max_weight = 平均最大权重
mistakes-measures-mean = 表格下面的数字是什么意思
mistakes-scale-caption = 这些权重和它们下面的两个数都属于头 { $head }；一行的熵在完全平坦时为 ln n = ln { $n } = { $flat } 奈特，全部权重落在一个键上时为 0。{ $heads ->
    [1] 输出就是这唯一一个头的输出（这里没有 W_O）。
    [2] 输出把两个头并排拼接起来（这里没有 W_O）。
   *[other] 输出把全部 { $heads } 个头并排拼接起来（这里没有 W_O）。
}
mistakes-scale-outputs-switch = 显示输出和它们的误差
mistakes-each-wrong-output = **每个错误输出及其与正确输出的差**
mistakes-scale-output-part = 输出 { $div } { $off ->
    [yes] 与它最多相差 { $by }
   *[no] 与它在 10⁻⁹ 以内一致
}
mistakes-scale-outputs = 与这个正确输出相比，{ $parts }。{ $leans ->
    [both] 更尖锐的权重让每个查询偏向与它最匹配的那一个值；更平坦的权重则把每个查询拉向所有值的简单平均。
    [peaked] 更尖锐的权重让每个查询偏向与它最匹配的那一个值。
    [flatter] 更平坦的权重把每个查询拉向所有值的简单平均。
   *[none] {""}
}
mistakes-scale-diagnostic = **诊断方法**：d_k 是一个头的查询的宽度，也就是拆分之后的 `Q.shape[-1]`。这里拆分后的 Q 形状为 { $shape }，所以 d_k = { $d_k }{ $same ->
    [yes] ，和 d_model = { $d_model } 相同。
   *[no] ，而不是 d_model = { $d_model }。
}

## 第 3 节：弄混角色

mistakes-roles-header = 3. 弄混角色
mistakes-roles-intro = **查询和键决定权重；值决定复制什么**。下面的表只用一个头（d_k = d_v = d_model = { $d_model }），用本页按随机种子生成的权重代替训练好的权重。
mistakes-swap-header = Q 和 K 互换
mistakes-axis-key-j = 键 j
mistakes-axis-query-i-asking = 查询 i（提问方）
mistakes-axis-query-j-asking = 查询 j（提问方）
mistakes-axis-key-i-asked = 键 i（被提问方）
mistakes-axis-key = 键
mistakes-axis-query = 查询
mistakes-axis-value-dimension = 值的维度
mistakes-title-right-scores = 正确：分数 QKᵀ
mistakes-title-wrong-scores = 错误：分数 KQᵀ
mistakes-swap-weights-toggle = 显示由这些分数得到的权重
mistakes-swap-text = KQᵀ 的第 (i, j) 个元素是 kᵢ·qⱼ，所以互换后的分数正是正确分数的转置（最大偏差：{ $gap }）；在这个句子上，{ $moved ->
    [yes] 权重最多变化了 { $by }
   *[no] 权重恰好没有变（在 10⁻⁹ 以内）
}。
mistakes-swap-breaks = 互换什么时候会出问题，什么时候不会
mistakes-swap-scratch = - **从头训练的自注意力**：什么都不会坏。KQᵀ = (X W_K)(X W_Q)ᵀ 就是把 W_Q 和 W_K 互换名字之后的 QKᵀ，所以训练学到的是同一个层。
mistakes-swap-loaded = - **加载的权重**（训练好的模型的，或者来自别的代码的检查点）：W_Q 被训练成去“提问”，W_K 被训练成“被提问”。互换之后，分数中 { $token } 这一行变成了用“{ $label }”的键去和每个词元的查询打分，所以它不再是在“提问”了。
mistakes-cross-attention = **交叉注意力**
mistakes-swap-cross = - { $cross }：KQᵀ 的每一行对应一个键，而不是一个查询。长度不同时，它根本无法与 V 相乘；长度相同时，每一行输出都属于错误的词元。
mistakes-cross-demo = 在这个句子上试试：只保留前 { $n_q } 个词元的查询（Q 为 { $q_shape }），{ $n ->
    [1] 保留那唯一的键及其值
    [2] 保留两个键及其值
   *[other] 保留全部 { $n } 个键及其值
}（V 只取前 { $d_v } 列，所以 d_v = { $d_v }）。正确的权重是一个 { $w_shape } 的矩阵，输出是 { $out_shape }；{ $did ->
    [error] 互换后的代码报错停止：`{ $error }`。
    [caught] 互换后的代码返回一个 { $s_shape } 的输出。
   *[same] 互换后的代码返回同样的形状，所以在这个句子上，形状检查发现不了它。
}
mistakes-v-as-k-header = 打分时用 V 代替 K
mistakes-title-right-softmax-qk = 正确：softmax(QKᵀ/√d_k)
mistakes-title-wrong-softmax-qv = 错误：softmax(QVᵀ/√d_k)
mistakes-title-wrong-softmax-kq = 错误：softmax(KQᵀ/√d_k)
mistakes-v-as-k = 用 softmax(QVᵀ/√d_k) V 时，值也决定了往哪里看：在这个句子上，权重{ $moved ->
    [yes] 与正确权重最多相差 { $by }
   *[no] 恰好等于正确权重（在 10⁻⁹ 以内）
}，分数{ $scores }。每行的和仍为 1（最大偏差：{ $gap }），所以行和检查发现不了它。
mistakes-still-trains = 为什么它照样能训练，代价是什么
mistakes-v-as-k-trained = 在你训练的模型里，这会把 W_K 和 W_V 绑在一起：同一个矩阵既要负责“被找到”，又要负责传递的内容，而 W_K 永远得不到梯度。模型照样能训练，但它是一个和你本意不同、更小的层。如果值和键的宽度不同（d_v ≠ d_k），QVᵀ 根本算不出来。
mistakes-k-as-v-header = 用 K 代替 V 作为值
mistakes-title-wrong-output-k = 错误：输出 = 权重·K
mistakes-k-as-v = 用 softmax(QKᵀ/√d_k) K 时，权重完全正确（最大偏差：{ $gap }），所以每个查询都看向了正确的词元，但复制的是它们的键而不是值：{ $off ->
    [yes] 在这个句子上，输出最多相差 { $by }。
   *[no] 在这个句子上，输出恰好等于正确输出（在 10⁻⁹ 以内）。
}
mistakes-k-as-v-trained = 在你训练的模型里，这会把 W_V 和 W_K 绑在一起：每个词元只有一个向量，既要被找到，又要被传递，而 W_V 永远得不到梯度。
mistakes-catch-them = 怎样在你自己的代码里发现它们
mistakes-check-rows =
    下面这些检查都不需要一个参考实现来对照。

    {"**"}行和**。权重的每一行之和都必须为 1：`assert np.allclose(weights.sum(axis=-1), 1)`。
mistakes-check-shapes = **形状，取 n_q ≠ n_k 且 d_v ≠ d_k**。给你的函数少于键的查询，以及比键更窄的值：输出必须每个查询一行，宽度为 d_v。
mistakes-check-known = **已知答案**。输入小到可以手算出输出，就像这个测试；`attention` 是你自己的函数，返回输出。
mistakes-shape-test-call = { $n_q } 个查询，全部键，值宽 { $d_v }
mistakes-shape-test-assert = 每个查询一行，宽 d_v
mistakes-checks-mistake = 错误
mistakes-checks-row-sums = 行和
mistakes-checks-shapes = 形状
mistakes-checks-known = 已知答案
mistakes-caught = 发现
mistakes-missed = 漏掉
mistakes-shape-outcome = { $did ->
    [error] - { $name }：报错停止（`{ $error }`）。
    [caught] - { $name }：返回 { $shape }，而不是 { $expected }。
   *[same] - { $name }：返回了正确的形状 { $shape }，所以形状检查发现不了它。
}
mistakes-shape-outcomes = 在这个句子上做形状检查（{ $n_q } 个查询，值宽 { $d_v }，所以输出应为 { $shape }）：
mistakes-known-part = 除以 { $div } { $hit ->
    [yes] 通不过它
   *[no] 能通过它
}
mistakes-known-answer = 已知答案是用 ÷ √d_k = { $sqrt } 算出来的，所以它也检查了缩放：在一个有 2 个头、d_model = { $d_model } 的层里，{ $parts }。

## 小测验

mistakes-quiz-header = 找出错误
mistakes-quiz-waits = 回答第 1 节的预测之后，小测验才会开放：它的检查结果和反馈会泄露那个答案。
mistakes-masks-toggle = 加入掩码错误
mistakes-masks-help = 把“掩码错误”页上的掩码错误加入小测验。这样一来，每个计算（包括正确的那个）都会使用开关下方描述的同一个掩码。
mistakes-quiz-number = 题号（小测验的随机种子）
mistakes-quiz-new = 换一道题
mistakes-quiz-right-computation = **正确的计算**
mistakes-quiz-mystery = **神秘计算**
mistakes-title-mystery-weights = 神秘计算：头 1 的权重
mistakes-title-mystery-output = 神秘计算：输出
mistakes-quiz-question = 神秘计算犯的是哪个错误？
mistakes-quiz-check = 检查我的答案
mistakes-pick-first = 请先从上面的错误中选一个。
mistakes-quiz-intro = { $masked ->
    [yes] 上面的某个错误，或者“掩码错误”页上的某个掩码错误，
   *[no] 上面的某个错误
}被用在了一组新的 W_Q、W_K 和 W_V 上：它们由题号生成{ $heads ->
    [1] {""}
   *[other] ，并分成 { $heads } 个头
}，所以这里的表格不会和上面的任何一张重复{ $masked ->
    [yes] ，并且使用下面描述的掩码。
   *[no] 。
}
mistakes-quiz-look = 从上面的检查结果读出它的症状：哪些行或列的和为 1；分数是 QKᵀ、它的转置，还是都不是；权重变得更平坦还是更尖锐；或者只有输出不对。{ $masked ->
    [yes] 加上掩码时，还要看：有没有 NaN 行，被掩蔽的位置有没有得到权重。
   *[no] {""}
}
mistakes-quiz-mask = **掩码**。这里的每个计算，无论对错，都使用{ $quiz ->
    [yes] 因果掩码，并且把 { $first } 的键也全部掩蔽
   *[no] 这个掩码
}：它掩蔽了 { $pairs } 个“查询→键”位置对中的 { $blocked } 个{ $closed ->
    [some] ，而 { $rows } 看不到任何键。正确的计算给每个被掩蔽的位置对权重 0，给完全被掩蔽的行全 0。
   *[none] 。正确的计算给每个被掩蔽的位置对权重 0。
}
mistakes-quiz-right-weights = { $masked ->
    [yes] 正确：头 1，加掩码
   *[no] 正确：头 1 的权重
}
mistakes-quiz-right-output = { $masked ->
    [yes] 正确：输出，加掩码
   *[no] 正确：输出
}
mistakes-checks-title = 在神秘计算上测得的检查结果（{ $heads ->
    [1] 它唯一的头
    [2] 两个头
   *[other] 全部 { $heads } 个头
}）

## 一个错误对检查结果的影响

mistakes-symptom-axis0 = 对查询做 softmax 会让每一列的和为 1，而行不再归一化；这里最大的{ $rows }：{ $row_gap }；最大的{ $cols }：{ $col_gap }。
mistakes-symptom-swap_qk = 互换 Q 和 K 会让分数恰好成为 QKᵀ 的转置；这里{ $yes ->
    [yes] 确实如此
   *[no] 并非如此
}。
mistakes-symptom-v_as_k = 用 V 来打分时，行和仍为 1，但分数既不是 QKᵀ，也不是它的转置；这里分数{ $scores }；最大的{ $rows }：{ $row_gap }。
mistakes-symptom-k_as_v = 复制 K 而不是 V，权重完全正确，只有输出改变；这里权重{ $yes ->
    [yes] 完全相同
   *[no] 并不相同
}，输出最多相差 { $out_gap }。
mistakes-symptom-scale = 除以 { $div } 而不是 √{ $d_k }，分数仍等于 QKᵀ，但{ $effect ->
    [flatter] 权重会变得平坦，平均行熵升高
    [peaked] 权重会变得尖锐，平均行熵降低
   *[as-flat] 在这个宽度下什么都不会变
}；这里分数{ $same ->
    [yes] 等于
   *[no] 不等于
} QKᵀ，平均行熵为 { $entropy }，{ $measured ->
    [flatter] 高于
    [peaked] 低于
   *[as-flat] 约等于
}正确的 { $right }。
mistakes-symptom-other = 这里最大的{ $rows }：{ $row_gap }；分数{ $scores }；输出与正确输出最多相差 { $out_gap }。

## 排除一个选项的读数

mistakes-ruling-scores = 分数{ $scores }，而它会{ $would ->
    [swap_qk] 让分数变成 (QKᵀ)ᵀ
    [v_as_k] 让分数两者都不是
   *[other] 让分数保持等于 QKᵀ
}
mistakes-ruling-entropy = 平均行熵为 { $entropy }，而正确的是 { $right }，它却会让权重{ $effect ->
    [flatter] 更平坦
    [peaked] 更尖锐
   *[as-flat] 一样平坦
}
mistakes-ruling-rows = 最大的{ $rows }：{ $gap }，而它会让每一行的和都保持为 1{ $masked ->
    [yes] （看不到任何键的行则为 0）
   *[no] {""}
}
mistakes-ruling-columns = 最大的{ $cols }：{ $gap }，而它会让每一列的和都为 1
mistakes-ruling-weights = 权重不是正确的权重，而它会让权重保持完全正确
mistakes-ruling-output = 输出与正确输出在 10⁻⁹ 以内一致，而它会改变输出
mistakes-ruling-weights_same = 权重与正确权重在 10⁻⁹ 以内一致，而它会改变权重
mistakes-ruling-nan = 有 { $n } 行是 NaN，而它不会产生 NaN
mistakes-ruling-blocked = 一个被掩蔽的位置对得到了最多 { $weight } 的权重，而它会给每个被掩蔽的位置对恰好 0
mistakes-ruling-filled = 有 { $n } 个完全被掩蔽的行得到了权重，而它会给完全被掩蔽的行全 0
mistakes-ruling-no_nan = 没有哪一行是 NaN，而它会把每个完全被掩蔽的行变成 NaN
mistakes-ruling-not_filled = 没有哪个完全被掩蔽的行得到权重，而它会给每个这样的行权重
mistakes-ruling-open_rows = 能看到键的行与正确的不同，而它只会改变完全被掩蔽的行
mistakes-ruling-uneven = 完全被掩蔽的行的权重没有平均分配，而它会把权重平均分给每个键
mistakes-ruling-rows_right = 每一行的和都符合预期，而它会让某一行的和小于 1
mistakes-ruling-over_one = 有一行的和为 { $sum }，而它会让每一行的和都不超过 1
mistakes-ruling-allowed = 一个允许的位置对得到了最多 { $weight } 的权重，而它会给每个允许的位置对 0
mistakes-ruling-not_transposed = 权重并不是把掩码的行和列互换后的正确权重，而它给出的恰好就是那样的权重
mistakes-ruling-not_unmasked = 权重并不是不加掩码时的权重，而它给出的恰好就是那样的权重
mistakes-ruling-separator = ；
mistakes-ruled-out = 你选了“{ $pick }”，但这些读数排除了它：{ $readings }。
mistakes-entropy-blocked-rows = 平均行熵{ $direction ->
    [higher] 高于
   *[lower] 低于
}正确计算的，只是因为有 { $n } 个完全被掩蔽的行得到了{ $even ->
    [yes] 平均分给每个键的
   *[no] {""}
}权重，而正确的计算给这些行全 0；其余每一行都与正确的相同。

## 小测验的判定

mistakes-verdict-right = 答对了：是**{ $secret }**。原因：{ $why }
mistakes-verdict-wrong = 这次不对：是**{ $secret }**，因为{ $why }{ $ruling }
mistakes-verdict-fits = 这里没有哪个读数能排除你的选择“{ $pick }”：{ $why }两者都符合这些数字。
mistakes-verdict-points = 不过在这些数字上，单看检查结果会指向{ $other ->
    [none] “没有错误”
   *[some] **{ $name }**
}，所以这道题无法从症状答出来：请点“换一道题”。
mistakes-verdict-heads = 这些行数把{ $heads ->
    [1] 唯一的头
    [2] 两个头
   *[other] 全部 { $heads } 个头
}都算在内：每个头都有自己的一份各行。

## 代码与笔记本

mistakes-code-waits = 回答第 1 节的预测之后，代码和笔记本才会出现：它们会打印出那个问题问的和。
mistakes-source-intro = 第 1 到 3 节里每张错误的表，都来自 `attn_core/mistakes.py` 中的某个函数，正确的表来自 `scaled_dot_product_attention`；小测验也运行这些函数（加入掩码错误时带上它的掩码），并从 `attn_core/mask_mistakes.py` 取掩码错误，它们在“掩码错误”页上展示。
mistakes-code-intro = 先由你的句子得到 Q、K 和 V，再用纯 numpy 写出第 1 到 3 节：这就是下面笔记本的代码，它还会把结果与本页核对。两者都不含小测验：否则答案就在里面了。

## 笔记本的 markdown 单元格

mistakes-nb-qkv =
    ## 由你的句子得到 Q、K 和 V

    第 1 节和第 3 节只用一个覆盖整个宽度的头（d_k = d_model）；第 2 节把同样的 Q、K、V 拆分成多个头。
mistakes-nb-axis =
    ## 1. 在错误的轴上做 softmax

    `softmax(scores, axis=0)` 沿每一列（沿查询）做归一化，而不是沿每一行（沿键）。
mistakes-nb-scale =
    ## 2. 错误的缩放

    有多个头时，每个头的查询和键的宽度是 d_k = d_model / heads，所以正确的除数是 √d_k。除以 √d_model 会让每一行变平坦；完全不除则会让它变尖锐。
mistakes-nb-roles =
    ## 3. 弄混角色

    查询和键决定权重；值决定复制什么。
