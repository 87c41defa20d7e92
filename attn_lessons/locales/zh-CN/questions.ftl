### 自我检测（attn_lessons/questions.py、pages/Check_yourself.py、notebooks/questions.py）：测验的题目、选项、提示和
### 批改，证明每个答案的现场计算，“一步”一节和要点。数字已格式化好；整数（$n、$count …）可用于选择。

## 页面

questions-title = 自我检测
questions-intro = 这些题目覆盖整条学习路线，从 Q、K、V 到掩码和多头。**检查**会批改你的答案，并当场运行一个小计算来证明它；**看答案**直接给出答案，不计分；**换一组数字**会重新抽一组数字。
questions-skip-notice = **跳过预测**已打开：它只跳过其他页面的预测题，不跳过这里的测验。
questions-seed = 题目随机种子
questions-seed-help = 随机种子 0 用的是原文自己的数字。
questions-new-numbers = 换一组数字
questions-reset = 清除我的答案
questions-badge-shown = 已看答案
questions-badge-open = 未答
questions-at-these-numbers = 这组数字下：{ $marks }
questions-your-answer = 你的答案
questions-check = 检查
questions-show-me = 看答案
questions-right = **答对了。**
questions-not-quite = **不太对。**
questions-placeholder-shape = 行 × 列
questions-placeholder-number = 一个数
questions-placeholder-vector = 按顺序写出各分量，如 [a, b]
questions-unreadable-shape = 我没能把它读成一个形状。请写成 行 × 列，例如 3 × 4、3x4、(3, 4)。
questions-unreadable-number = 我没能把它读成一个数。请写一个数，例如 12、0.73、73% 或 √32。
questions-unreadable-vector = 我没能把它读成一个向量。请按顺序写出各分量，例如 [1, −2, 3]。
questions-unreadable-choice = 请先选一个答案。
questions-wrong = { $has_hint ->
    [yes] { $hint }正确答案是 { $answer }。{ $why }
   *[no] 正确答案是 { $answer }。{ $why }
  }
questions-shown = 答案是 { $answer }。{ $why }
questions-table-weights = 权重
questions-table-causal-weights = 因果掩码下的权重
questions-table-key = 键
questions-table-query = 查询
questions-histogram-curve = 正态分布，标准差 √d_k
questions-causal-expander = 加上因果掩码会怎样？
questions-from-token = 从词元 j
questions-to-token = 到词元 i
questions-takeaways-header = 要点
questions-nb-queries-tokens = 查询所在句子的词元
questions-nb-keys-tokens = 键所在句子的词元
questions-nb-your-tokens = 你的句子的词元
questions-nb-seed = 题目随机种子

## 句子的小片段

questions-by-rounding = 不到 10⁻⁹
questions-by-at-most = 至多 { $gap }
questions-by-up-to = 最多 { $gap }
questions-clause-gap = ；
questions-sentence-gap = {""}
questions-these-scores = 这些分数
questions-keys-after = { $count ->
    [0] 它后面没有键
    [1] 它后面那个键的权重恰好为 0
   *[other] 它后面的 { $count } 个键权重都恰好为 0
  }
questions-step-count = { $count } 步

## 题目

questions-weights-shape-prompt = 在 softmax(QKᵀ/√d_k) V 中，对一个有 { $n } 个词元的序列，权重矩阵的形状是什么？
questions-weights-shape-why = 这 { $n } 个词元每个都既作为查询提问，又作为键回应：每个查询一行权重，每个键一列，所以是 { $shape }。
questions-weights-shape-cross-prompt = 在{ $term }中，查询所在的句子有 { $n_q } 个词元，键和值所在的句子有 { $n_k } 个。权重矩阵 softmax(QKᵀ/√d_k) 的形状是什么？
questions-weights-shape-cross-why = 每个查询一行权重（{ $n_q } 行），每个键一列（{ $n_k } 列），所以是 { $shape }；每一行的和仍然是 1。
questions-hint-shape-axes = 权重矩阵有两个轴：行对应查询，列对应键。
questions-hint-shape-transpose = 这是转置：行应该是 { $n_q } 个查询，列是 { $n_k } 个键。

questions-why-scale-prompt = 为什么把分数除以 √d_k 有用？
questions-why-scale-option-argmax = 它让分数不随 d_k 变大，softmax 就不会变成硬性的 argmax。
questions-why-scale-option-sum = 它让每一行权重的和为 1。
questions-why-scale-option-overflow = 它防止 exp() 上溢成无穷大。
questions-why-scale-option-uniform = 它让每个键得到相同的权重。
questions-why-scale-reason-argmax = 在 { $samples } 对随机向量上测量：q·k 的分散程度从 d_k = { $d_lo } 时的 { $raw_lo } 增长到 d_k = { $d_hi } 时的 { $raw_hi }（大约是 √d_k），而 q·k/√d_k { $same ->
    [yes] 一直是 { $lo }
   *[no] 一直在 { $lo } 到 { $hi } 之间
  }。不缩放时，d_k = { $d_hi } 下 { $keys } 个权重里最大的那个平均为 { $top_raw }，接近硬性 argmax；缩放后为 { $top_scaled }。
questions-why-scale-reason-sum = 不管缩不缩放，softmax 都让每一行的和为 1：不缩放时，|行和 − 1| 的最大值：{ $gap }。
questions-why-scale-reason-overflow = softmax 在求 exp() 之前先减去每一行的最大分数，所以不缩放的分数即使大到 { $largest }，得到的权重也是有限的。
questions-why-scale-reason-uniform = 缩放后的权重并不都相等：d_k = { $d_hi } 时，{ $keys } 个权重里最大的那个平均为 { $top_scaled }，而权重全相等时每个是 1/{ $keys } = { $equal }。

questions-softmax-axis-prompt = { $n_q } 个查询和 { $n_k } 个键的分数 QKᵀ 构成一个 { $n_q } × { $n_k } 的矩阵。softmax 沿哪个轴归一化？什么的和为 1？
questions-softmax-axis-option-keys = 沿键的方向，也就是最后一个轴：每一行的和为 1。
questions-softmax-axis-option-queries = 沿查询的方向，也就是第一个轴：每一列的和为 1。
questions-softmax-axis-option-all = 对所有元素一起归一化：整个矩阵的和为 1。
questions-softmax-axis-reason-keys = 每个查询把自己的注意力分给 { $n_k } 个键，所以 softmax 沿每一行进行：{ $n_q } 个行和都是 1。
questions-softmax-axis-reason-queries = 各列的和并不都是 1：{ $n_q } 行每行的和为 1，所以 { $n_k } 个列和加起来是 { $n_q }，平均每列 { $share }。
questions-softmax-axis-reason-all = 整个矩阵的和是 { $n_q }（{ $n_q } 行每行贡献 1），不是 1。

questions-qkv-shapes-prompt = X 有 n = { $n } 个词元，每个宽 d_model = { $d_model } 个数。W_Q 和 W_K 是 { $d_model } × { $d_k }；W_V 是 { $d_model } × { $d_v }。{ $which ->
    [output] 输出 softmax(QKᵀ/√d_k) V 的形状是什么？
   *[other] { $which } 的形状是什么？
  }
questions-qkv-shapes-why = { $how } → { $shape }：每个词元一行，共 { $columns } 列。
questions-hint-qkv-other = { $other ->
    [weights] 这是权重矩阵的形状。
   *[other] 这是 { $other } 的形状。
  }
questions-hint-qkv-transpose = 这是转置：行应该对应词元。

questions-roles-prompt = 在 softmax(QKᵀ/√d_k) V 中，哪些矩阵决定权重？哪个决定复制什么？
questions-roles-option = { $weights } 决定权重；{ $copied } 决定复制什么。
questions-roles-changing = 改变 { $m }，权重变动{ $weights }，输出变动{ $output }
questions-roles-measured = 在 { $n } 个随机词元上测量（d_k = { $d_k }）：{ $moved }。
questions-roles-why = { $measured }只有 V 能改变输出而不动权重：查询和键决定权重，值决定复制什么。
questions-roles-reason = { $decide } 一变，权重就变，所以决定权重的不可能是 { $pair }。

questions-scale-heads-prompt = 某一层 d_model = { $d_model }，有 h = { $h } 个头。每个头应该把分数 QKᵀ 除以多少？
questions-scale-heads-why = 每个头的查询和键宽 d_k = d_model / h = { $d_model } / { $h } = { $d_k } 个数，而 q·k 的分散程度约为 √d_k，所以缩放因子是 { $exact }。
questions-hint-scale-d-model = 这是 √d_model = √{ $d_model }，是只有一个头、覆盖整个宽度时的缩放；有 { $h } 个头时，每个头只看到 { $d_model } 个数中的 { $d_k } 个。
questions-hint-scale-d-k = 这是 d_k 本身；应该除以它的平方根。
questions-hint-scale-multiply = 这是要乘的因子；题目问的是除以多少。

questions-causal-row-prompt = 对一个有 { $n } 个词元的句子加因果掩码，第 { $i } 行（词元 { $i } 的查询，从 0 开始数）里有几个键得到非零权重？
questions-causal-row-why = 因果掩码让词元 { $i } { $i ->
    [0] 只关注自己，即键 0
    [1] 关注自己和它前面的那个词元，即键 0 和 1
   *[other] 关注自己和它前面的所有词元，即键 0 … { $i }
  }：共 { $nonzero } 个键得到非零权重；{ $after }。
questions-hint-causal-after = 这数的是词元 { $i } 和它后面的 { $after } 个词元；因果掩码保留的是前面的。
questions-hint-causal-itself = 词元 { $i } 也关注它自己：从 0 开始数，{ $i ->
    [0] 它前面没有词元
   *[other] 它前面有 { $i } 个词元
  }，再加上它自己。
questions-hint-causal-before = 词元 { $i } 关注它自己，以及它前面的每一个词元。
questions-hint-causal-every = 这是全部的键，和没有掩码时一样。

questions-identical-prompt = 不加位置编码时，句子 { $sentence } 在位置 { $a } 和 { $b }（从 0 开始数）上都是“{ $word }”。这两个词元的输出行相比如何？
questions-identical-option-same = 两者完全相同。
questions-identical-option-differ = 两者不同，因为这两个词元的位置不同。
questions-identical-option-zero = 第二个全是 0，因为这个词已经出现过了。
questions-identical-reason-same = 没有位置信息时，两个“{ $word }”在 X 中是同一行，所以查询、键、值都相同，注意力给它们的输出也相同。最大差距：{ $gap }。
questions-identical-reason-differ = 没有位置信息，就没有什么能把它们区分开：它们的输出相差{ $at_most }。只有把位置加到 X 上，顺序才会显现出来。
questions-identical-reason-zero = 注意力不会记下已经出现过的词：第二个“{ $word }”的输出长度为 { $size }，不是 0。

questions-one-hot-prompt = 查询 { $i } 的权重是独热的：词元 { $j } 上为 1，其他词元上都为 0。V 每个词元一行，见下方；词元和行都从 0 开始数。查询 { $i } 的输出是什么？请输入它的 { $d_v } 个分量。
questions-one-hot-why = 输出为 Σⱼ wⱼ vⱼ = 1 · v{ $sub } = { $vector }：独热的一行权重原样复制词元 { $j } 的值。
questions-hint-one-hot-entries = 输出有 { $d_v } 个分量，V 的每一列对应一个。
questions-hint-one-hot-row = 这是 v{ $sub }，即词元 { $k } 的值；权重 1 在词元 { $j } 上，也就是 V 的第 { $j } 行。
questions-hint-one-hot-column = 这是 V 的第 { $j } 列；输出混合的是 V 的行，每个词元一行。
questions-hint-one-hot-mean = 这是各个值的简单平均，只有权重全都相等时才会得到它。

questions-qk-variance-prompt = q 和 k 各有 d_k = { $d_k } 个分量，彼此独立，均值为 0，方差为 1。它们的点积 q·k 的方差是多少？
questions-qk-variance-why = q·k = Σᵢ qᵢkᵢ 是 { $d_k } 个独立乘积之和，每个乘积的均值为 0、方差为 1 · 1 = 1；独立项的方差可以相加，所以方差是 { $variance }（标准差为 √{ $d_k } = { $sd }）。
questions-hint-qk-std = 这是标准差；方差是它的平方。
questions-hint-qk-scaled = 这是 q·k 除以 √d_k 之后的方差。
questions-hint-qk-square = 独立项的方差相加：d_k 个方差为 1 的项，和的方差是 d_k，不是 d_k²。

questions-steps-prompt = 一个句子有 { $n } 个词元，从 0 开始数。词元 0 的信息要经过几层注意力，才能到达最后一个词元 { $last }？
questions-steps-why = 在一层里，词元 { $last } 的查询给每个键打分（包括词元 0 的键），并取走它的值的一部分：{ $steps } 步。从左到右读的{ $term }需要 { $rnn } 步，每经过一个词元算一步。
questions-hint-steps-recurrent = 这是从左到右读的循环神经网络需要的步数。

questions-weights-total-prompt = 对一个有 { $n } 个词元的句子，权重矩阵全部 { $entries } 个元素加起来是多少？
questions-weights-total-why = { $n } 行里每一行都把恰好为 1 的权重分给各个键，所以加起来是 { $total }。
questions-hint-total-one = 每一行的和为 1，而一共有 { $n } 行，每个查询一行。
questions-hint-total-entries = 这数的是元素个数；每个权重都在 0 和 1 之间。

questions-two-keys-prompt = 两个键缩放前的分数是 [{ $s }, 0]，d_k = { $d_k }。除以 √d_k 之后，softmax 给第一个键的权重是多少？保留两位小数即可。
questions-two-keys-why = 除以 √{ $d_k } = { $divisor }，[{ $s }, 0] 变成 [{ $scaled }, 0]，它的 softmax 是 { $p }；如果不做除法，第一个键的权重会是 { $unscaled }。
questions-hint-two-keys-unscaled = 这是没有除以 √d_k 时的权重。
questions-hint-two-keys-second = 这是第二个键的权重。
questions-hint-two-keys-above = softmax 的权重永远不会超过 1。

## 现场计算的结果

questions-reveal-shape-self = 注意力刚刚在这个有 { $n } 个词元的句子 { $sentence } 上运行，得到这个 { $shape } 的权重矩阵：每个查询一行权重，每个键一列。
questions-reveal-shape-cross = { $sentence_q } 的 { $n_q } 个查询刚刚关注了 { $sentence_k } 的 { $n_k } 个键：权重矩阵是 { $shape }，每个查询一行，每个键一列。
questions-reveal-why-scale = 在你的 d_k = { $d_k } 下，{ $count } 对随机的 q 和 k 给出的 q·k 标准差为 { $std }（{ $theory }）。取两个相差一个标准差的键，分数为 [{ $score }, 0]。不缩放时，softmax 给第二个键的权重是 { $unscaled }。除以 √{ $d_k } 后，分数变成 [{ $scaled_score }, 0]，第二个键还保留 { $scaled }；{ $gradients }。
questions-why-scale-caption = d_k 越大，两个键的典型分数相差越远，除法就越重要：在侧边栏调大 d_model 或调小头数就能看到。
questions-sums-one-column = 它唯一的一列和为 { $low }
questions-sums-columns = { $n_k } 个列和{ $alike ->
    [yes] 都是 { $low }
   *[no] 从 { $low } 到 { $high } 不等
  }，平均 { $share }
questions-sums-one-row = 它唯一的一行和为 1（差距：{ $row_gap }），整个矩阵也是；{ $columns }。
questions-sums-rows = { $n_q } 行每行的和都是 1（最大差距：{ $row_gap }）；{ $columns }，整个矩阵的和为 { $total }。
questions-reveal-softmax-axis = 查询来自 { $sentence_q }，键来自 { $sentence_k }。{ $sums }
questions-reveal-qkv-shapes = 按这些尺寸随机生成 X 和 W，刚刚相乘的结果：
questions-reveal-roles-one-token = 你的句子只有一个词元，所以不管 Q 和 K 是什么，它唯一的权重都是 1。在侧边栏输入至少有两个词元的句子，就能看到 Q 和 K 怎样改变权重。
questions-roles-redrawing = 重新随机生成 { $m }，权重变动{ $weights }，输出变动{ $output }
questions-reveal-roles = 在你这个有 { $n } 个词元的句子上：{ $parts }。所以 { $found }。
questions-roles-found = { $decide_count ->
    [0] Q、K、V 都不决定权重
   *[other] { $decide } 决定权重
  }，{ $copied_count ->
    [0] Q、K、V 都不是只改变复制的内容
   *[other] { $copied } 只改变复制的内容
  }
questions-heads-measured = { $count } 对随机的单头 q 和 k（d_k = { $d_k }）给出的 q·k 标准差为 { $std }，{ $near ->
    [yes] 接近 { $theory }
   *[no] 而理论值是 { $theory }
  }。
questions-heads-one = { $measured }只有一个头时 d_model = d_k，两种除法留下的分散程度都是 { $by_d_k }。
questions-heads-divided = { $measured }除以 √{ $d_k } 后分散程度为 { $by_d_k }；除以 √d_model = √{ $d_model } 后{ $flattens ->
    [yes] 只有 { $by_d_model }，权重会被压平。
   *[no] 为 { $by_d_model }，权重会变得更尖锐。
  }
questions-reveal-causal-row = 第 { $i } 行（“{ $label }”）有 { $count } 个非零权重，落在 { $listed } 上，总和为 { $total }；{ $after }。
questions-reveal-identical = 按你的随机种子和 d_model，位置 { $a } 和 { $b } 上的“{ $word }”的输出行在没有位置信息时相差{ $plain }：{ $identical ->
    [yes] 完全相同
   *[no] 并不相同
  }。把正弦位置编码加到 X 上之后，它们相差{ $positional }。
questions-reveal-one-hot = 注意力在一个掩码下运行，这个掩码只让每个查询读词元 { $j }，所以这一行权重是 { $weights }，输出 = { $terms } = { $output }。
questions-reveal-qk-variance = 在 d_k = { $d_k } 下取 { $count } 对随机向量，q·k 的方差为 { $variance }（理论值：{ $d_k }），标准差为 { $std }（理论值：{ $theory }）。
questions-qk-variance-title = q·k，d_k = { $d_k }（{ $pairs } 对）
questions-reveal-steps = 在 { $n } 个词元的两种读法上数层数：从词元 0 到词元 { $last }，注意力需要 { $attention }；从左到右读的循环神经网络需要 { $recurrent }。
questions-steps-caption = 下面“{ $header }”一节会在你自己的句子上画出来。
questions-reveal-total-one = 在只有 1 个词元的句子上，唯一的权重是 1（差距：{ $row_gap }）。
questions-reveal-total = 在有 { $n } 个词元的句子上，{ $n } 行每行的和都是 1（最大差距：{ $row_gap }），{ $size } 个权重加起来是 { $total }。
questions-reveal-two-keys = softmax([{ $s }, 0]) = { $unscaled }；除以 √{ $d_k } = { $divisor } 后，softmax([{ $scaled_s }, 0]) = { $scaled }。对第二个键来说，{ $gradients }。

## 得分

questions-score-none = 这 { $total } 道题你还一道都没答。
questions-score-right = { $answered } 道题中第一次就答对 { $right } 道
questions-score-shown = { $shown } 道题没作答就看了答案
questions-score = 本次：{ $which ->
    [both] { $right_part }；{ $shown_part }
    [right] { $right_part }
   *[shown] { $shown_part }
  }。

## 一步，以及要点

questions-one-step-header = 没有掩码时，每个位置一步可达
questions-one-step-intro = 在一层没有掩码的注意力里，每个查询都给每个键打分，所以每个词元的输出都能直接取走任何其他词元的值的一部分；掩码会拿掉其中一些词元对。从左到右读的循环神经网络则每步只把信息传过一个词元。
questions-one-step-single = 你的句子只有一个词元，没有别的词元可以到达。请在侧边栏输入至少有两个词元的句子。
questions-one-step-text = 你的句子有 { $n } 个词元。从“{ $first }”（词元 0）到“{ $final }”（词元 { $last }），注意力只需要 { $attention }：词元 { $last } 的查询直接读取词元 0 的键和值。从左到右读的循环神经网络需要 { $recurrent }，即 n − 1 = { $n } − 1，信息要经过中间的每一个词元。
questions-step-kind = { $kind ->
    [recurrent-network] 循环神经网络
    [causal-mask] 因果掩码
   *[attention] 注意力
  }
questions-steps-metric = { $kind ->
    [recurrent-network] 循环神经网络
    [causal-mask] 因果掩码
   *[attention] 注意力
  }，词元 0 → 词元 { $last }
questions-steps-table-title = 步数 j → i，{ $kind }
questions-steps-cell-caption = 每个格子数的是：词元 j 的信息到达词元 i 需要几层。
questions-causal-step-single = 只有一个词元，没有可以连接的词元对。
questions-causal-step-text = 加上因果掩码后，在 { $pairs } 个由不同词元组成的有序对中，有 { $one } 对相隔一步：每个词元都直接读取它前面的每个词元。其余 { $never } 对里，信息得从后面的词元流回前面的词元，而无论叠多少层，它都永远到不了。
questions-never-arrives = +∞（斜线阴影）表示信息永远到不了，无论叠多少层。
questions-takeaway-roles = 每个词元用查询提问，用键应答，并提供一个值。
    .link = 用你的句子构建 Q、K 和 V
questions-takeaway-softmax = 权重来自查询与键的点积，再用 softmax 归一化。
    .link = 看一个查询给每个键打分
questions-takeaway-one-step = 输出是值的加权和，所以没有掩码时，每个位置一步就能看到其他任何位置。
    .link = 看掩码让哪些词元对仍然一步可达
questions-takeaway-scale = 除以 √d_k 能在维度变大时让 softmax 保持在有用的范围内。
    .link = 调 d_k，看 softmax 保持有用
questions-held-back = { $what }会在你检查或查看第 { $numbers } 题之后出现：{ $many ->
    [yes] 它们
   *[no] 它
  }会泄露答案。
questions-takeaways-held = { $every ->
    [yes] 这 { $count } 条要点
   *[no] 还有 { $count } 条要点
  }
questions-one-step-held = 关于词元之间步数的一节
questions-causal-step-held = 因果掩码下的步数

## 带回家

questions-take-home-intro = 用纯 numpy 写出本页的数字：第 { $number } 题在这组数字下的注意力{ $with_steps ->
    [yes] ，以及你的句子里词元之间的步数（它会打印第 { $number } 题和第 { $steps } 题的答案，所以先做这两道题）
   *[no] （它会打印答案，所以先做这道题）
  }。这就是下面笔记本里的代码，笔记本还会把结果和页面对照检查。
questions-notebook-self = 在这个有 { $n } 个词元的句子上做注意力：每个查询一行权重，每个键一列。
questions-notebook-cross = 交叉注意力：{ $n_q } 个查询来自一个句子，{ $n_k } 个键和值来自另一个句子。
questions-nb-shape =
    ## 权重矩阵的形状

    { $shape_sentence }
questions-nb-one-step =
    ## 没有掩码时，每个位置一步可达

    在一层注意力里，每个查询都读取它能读的每个键，所以没有掩码时，任何词元的信息一步就能到达其他任何词元（因果掩码会挡住后面的词元）；循环神经网络则每步只传过一个词元。
