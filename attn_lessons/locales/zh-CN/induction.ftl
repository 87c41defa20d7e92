### 训练好的模型内部（attn_lessons/induction.py）：应用自己训练的两层、只有注意力的模型。
### 词元标签（“cat·2”“t13·22”“⟨start⟩”）是数据，原样传入；数字已经格式化好。

## 页面与各节

induction-title = 训练好的模型内部
# $layers、$heads：层数和每层的头数；$d_model：宽度
induction-model-size = { $layers } 层、每层 { $heads } 个头，d_model 为 { $d_model }
# $size：induction-model-size
induction-intro = 其他页面的权重都是手工设定或随机生成的。这一页运行的是本应用自己训练的模型：只有因果注意力，{ $size }，别的什么都没有。它学习的是会重复的序列：先是一个起始词元，然后是一串随机词元，接着把同样的词元再来一遍。只要模型回头看第一遍，第二遍就能预测出来。它的头看向哪里？为什么看那里？
induction-changes-sentence = 你的句子
induction-changes-random = 随机词元的随机种子和长度
induction-switches = 下面关闭头的开关
# $tokens：词元数；$d_model、$d_k：宽度；$changes、$switches：见上
induction-model-note = 一个固定的模型：{ $tokens } 个词元，d_model = { $d_model }，d_k = { $d_k }。只有{ $changes }和{ $switches }会改变它的数字。
induction-sidebar-note = 这一页运行它自己训练好的模型（{ $size }）：它读你的句子，或者用它自己的随机种子生成的随机词元。这里的随机种子、d_model 和头数只作用于其他页面。
# 标签约定的例子：例子里点名的标签必须是这个例子自己的
induction-labels-note = 这里每个词元都标上它的位置：和其他页面一样，从起始词元 ⟨start⟩ 之后的 0 开始数；第二遍接着往下数。比如“我爱我家”重复两遍：我·0 是第一个“我”，我·4 是第三个“我”（第二遍的第一个）。
induction-source-label = 模型读什么
induction-source-sentence = 你的句子，重复两遍
induction-source-random = 随机词元，重复两遍
induction-seed-label = 随机词元的随机种子
induction-length-label = 每一遍的词元数
induction-how-it-maps = 模型认识的是 { $tokens } 个词元，而不是词：每个不同的词（中文是每个汉字）各有一个词元，按第一次出现的顺序编号（英文不分大小写）。位置从 ⟨start⟩ 之后的 0 开始数。
induction-random-maps = 随机词元，和模型训练时一样：从 { $tokens } 个词元中按随机种子抽出 { $n } 个不同的词元，再把这 { $n } 个重复一遍。词元写成 t 加它的编号；点后面是它的位置，从 ⟨start⟩ 之后的 0 开始数。
induction-section-sequence = 1. 模型读到的序列
induction-section-predict = 2. 归纳头会看向哪里？
induction-section-learned = 3. 它是怎么学会的
induction-section-heads = 4. 每个头的权重
induction-section-why = 5. 它为什么看那里
induction-section-guesses = 6. 它预测什么，一个头值多少
induction-query-label = 查询（第二遍中的一个词元）
induction-head-label = 第 2 层的头
induction-keys-off-label = 在第 2 层的键里关闭这些第 1 层的头
induction-off-label = 在所有地方关闭这些头
induction-heads-wait = 回答上面的问题后，就会显示每个头的权重、原因和预测。
induction-no-repeat = 只有一个词元时，第二遍没有新东西可预测。至少输入两个不同的词，才能看到模型复制。
induction-sources-words = 本页的数字来自下面这些 attn_core 函数：
induction-head-name = 第 { $layer } 层 · 头 { $head }
induction-head-name-start = 第 { $layer } 层 · 头 { $head }
induction-layer-title = 第 { $layer } 层
induction-too-few-words = 你的句子{ $distinct ->
        [0] 一个词也没有
       *[other] 只有一个不同的词
    }，而模型至少要两个不同的词才能展示复制。在你输入两个不同的词之前，本页改用随机词元。
induction-truncated = 你的文本有 { $found } 个词元；本页只保留前 { $kept } 个，这是模型训练时重复过的最大长度。
induction-mapping-pair = { $word } → { $token }
induction-mapping-separator = 、
induction-mapping = 词元：{ $pairs }。
induction-predict-question = 查询是第二遍中的{ $query }。从这个查询出发，第 2 层最强的归纳头会把最大的权重给哪个键？

## 序列表、坐标轴、猜测表的列

induction-sequence-sentence = 模型读到的词元：起始词元，然后是你的词，再把你的词重复一遍
induction-sequence-random = 模型读到的词元：起始词元，然后是随机词元，再把同样的词元重复一遍
induction-sequence-row = 词元
induction-axis-position = 位置
induction-axis-key = 键
induction-axis-query = 查询
induction-axis-part = 键的组成部分
induction-column-position = 位置
induction-column-next = 下一个词元
induction-column-guess = 模型的猜测
induction-column-guess-off = 关闭头之后的猜测
induction-outline-previous = 每个词元的前一个词元
induction-outline-stripe = 查询的词元第一次出现之后紧跟的那个键

## 预测的判定：各句用 induction-join 连起来

induction-join = {""}
induction-verdict-top = 从{ $query }出发，{ $head } 把{ $most ->
        [nearly] 几乎全部权重
       *[other] 最大的权重
    }（{ $weight }）给了{ $key }。
induction-verdict-tie = 从{ $query }出发，{ $head } 把最大的权重给了不止一个键：{ $tie }
induction-verdict-induction = { $key }紧跟在{ $before }之后，那是前面出现过的“{ $word }”：这正是归纳头要找的。
induction-verdict-stripe = 框出的条纹标的是第一个“{ $word }”之后的键{ $target }，它在这里得到 { $weight }。
induction-verdict-not-induction = { $key }{ $kind ->
        [same] （前面出现过的同一个词元）
        [previous] （紧挨在它前面的词元）
        [itself] （查询自己）
        [start] （起始词元）
       *[none] {""}
    }并不紧跟在前面某个“{ $word }”之后；紧跟在前面“{ $word }”之后的键中，权重最大的是{ $best }，得到 { $weight }。从这个查询出发，这个头并没有看向归纳头会看的地方。
induction-verdict-no-earlier = 它前面没有出现过“{ $word }”，所以归纳头没有可找的。
induction-verdict-copies = 模型自己对下一个词元的首选猜测是{ $guess }，它之前就跟在“{ $word }”后面。模型在复制。
induction-verdict-no-copy = 模型自己对下一个词元的首选猜测是{ $guess }，而不是之前跟在“{ $word }”后面的{ $followers }：这里它没有复制。
induction-verdict-guess = 模型自己对下一个词元的首选猜测是{ $guess }。
induction-verdict-picked = 你选的是{ $picked }{ $kind ->
        [same] （前面出现过的同一个词元）
        [previous] （紧挨在它前面的词元）
        [itself] （查询自己）
        [start] （起始词元）
       *[none] {""}
    }，它得到 { $weight }。
induction-verdict-same = 这个头找的不是“{ $word }”本身，而是前一个词元为“{ $word }”的那个键。

## 它是怎么学会的

induction-learned = 用 { $adam }训练了 { $steps } 步，每步 { $batch } 条新序列；每 { $every } 步算一次分数。重复那一半上的损失在第 { $first } 步到第 { $last } 步之间下降最快（阴影部分），按 { $smooth } 步平均，从 { $before } 降到 { $after } nats。在 { $tokens } 个词元中随便猜，损失是 ln { $tokens } = { $chance } nats。
induction-learned-reached = 第 { $layer } 层最好的{ $score ->
        [previous] 前一词元
       *[induction] 归纳
    }分数在第 { $step } 步首次达到 { $goal }。
induction-learned-never = 第 { $layer } 层没有哪个头的{ $score ->
        [previous] 前一词元
       *[induction] 归纳
    }分数达到 { $goal }。
induction-scores-defined = 一个头的**前一词元分数**，是它从每个位置给紧挨在前面那个位置的平均权重。它的**归纳分数**，是它从第二遍的每个位置，给该词元第一次出现之后紧跟的那个键的平均权重。曲线在新的随机序列上测量这两个分数（Olsson 等，2022）。
induction-figure-title = 它是怎么学会的
induction-figure-loss-panel = 重复那一半上的损失（nats）
induction-figure-score-panel = 每个头的分数
induction-figure-x = 训练步
induction-figure-loss = 批量损失
induction-figure-smooth = 50 步的均值
induction-figure-previous = 第 1 层头 { $h }：前一词元
induction-figure-induction = 第 2 层头 { $h }：归纳
induction-figure-loss-y = nats
induction-figure-score-y = 分数

## 每个头

induction-head-title = { $head }：前一词元 { $previous }，归纳 { $induction }
induction-not-applicable = 无
induction-outlined = 框出的是：在{ $previous_head } 中，这里前一词元分数最高（{ $previous }），框出每个词元到它前一个词元的对角线；{ $stripe ->
        [none] 没有归纳条纹，因为这个序列里没有哪个词元之前出现过
       *[other] 在{ $induction_head } 中，这里归纳分数最高（{ $induction }），框出从第二遍的每个词元到它第一次出现之后那个键的条纹
    }。
induction-summary-previous = { $n ->
        [0] 在这个序列上，第 1 层没有哪个头的前一词元分数达到 { $goal } 或以上。
       *[other] 在这个序列上的前一词元头（分数 ≥ { $goal }）：{ $heads }。
    }
induction-summary-induction = { $n ->
        [0] 第 2 层没有哪个头的归纳分数达到 { $goal } 或以上。
       *[other] 归纳头：{ $heads }。
    }

## 它为什么看那里

induction-term-token = 词元
induction-term-position = 位置
induction-term-head = 第 1 层头 { $h }
induction-term-total = 总和
induction-why-intro = 第 2 层在每个位置的键，由词元的嵌入、位置，以及第 1 层每个头在那里写下的东西相加而成。所以分数 q·kⱼ/√d_k 可以拆成每个部分各一项，各项的总和就是这个头的分数。
induction-terms-title = { $head }：从“{ $label }”出发的 q·kⱼ/√d_k，按键的组成部分拆开
induction-why-score = { $key }的分数是 { $score }{ $top ->
        [target] ，是所有键中最高的。
       *[other] ；最高的是{ $highest }，分数为 { $top_score }。
    }
induction-why-part = 让它脱颖而出最多的，是来自“{ $name }”的那一项（这里是 { $here }，其他键平均是 { $others }）。
induction-why-wrote = 在{ $key }处，{ $head }{ $is_previous ->
        [yes] （一个前一词元头，分数 { $score }）
       *[no] {" "}
    }把最大的权重（{ $weight }）给了紧挨在前面的词元{ $before }：它在那里写下了“{ $before_word }”，而{ $query }的查询要找的，正是前一个词元为“{ $query_word }”的键。
induction-why-elsewhere = 在{ $key }处，{ $head }{ $is_previous ->
        [yes] （一个前一词元头，分数 { $score }）
       *[no] {" "}
    }把最大的权重（{ $weight }）给了{ $top }，而不是紧挨在前面的词元（{ $before }只得到 { $before_weight }）。
induction-why-flat = 它的键没有哪一部分比其他键的平均值大出 { $flat } 或更多：没有单独哪一部分让它脱颖而出。
induction-why-off = 在键中关闭的头：{ $heads }，{ $n ->
       *[other] 对应的项为 0。
    }
induction-stripe-none = 在第 2 层的键里关闭第 1 层的头，看看这条条纹靠的是谁。
induction-stripe-change = 在第 2 层的键里去掉{ $heads } 后，这个头给“{ $label }”的权重从 { $before } 变为 { $after }，它在这个序列上的归纳分数从 { $score_before } 变为 { $score_after }。

## 猜测与消融

induction-guesses = 所有头都开着时，在重复的那一半里，模型的首选猜测在 { $n } 个位置中有 { $right } 个是真正的下一个词元。
induction-guesses-ambiguous = 在{ $at }处，这个词元之前出现过，而且后面跟过不同的词元：复制有歧义{ $follows ->
        [all] ，模型的猜测是其中之一。
        [none] ，模型的猜测不是其中任何一个。
       *[some] ；在{ $some }处，模型的猜测是其中之一，在{ $others }处则都不是。
    }
induction-ablation-none = 所有头都开着：重复那一半的损失在这个序列上是 { $loss } nats，在新的随机序列上是 { $fresh }。关闭一些头，看看每个头值多少。
induction-ablation = 关闭{ $heads } 后，重复那一半的损失在这个序列上从 { $loss } 变为 { $loss_off } nats，在新的随机序列上从 { $fresh } 变为 { $fresh_off }；首选猜测在 { $n } 个位置中有 { $right_off } 个是真正的下一个词元，所有头都开着时是 { $right } 个。

## 带回家

induction-code-intro = 用纯 numpy 算出本页的数字：发布的权重、前向传播、两种分数、猜测，以及{ $head } 从“{ $label }”出发的各项分数。
induction-weights-note = 从本页下载，放在笔记本旁边
induction-r-note = 每个词的词元
induction-weights-download = 下载权重（induction_model.npz）
induction-setting-sequence = 序列
induction-setting-tokens = 每一遍的词元数
induction-setting-query = 查询
induction-setting-head = 第 2 层的头

## 笔记本的文字（notebooks/induction.py）

induction-nb-intro =
    ## 一个训练好的模型的权重

    一个只有注意力（没有 MLP）的两层 Transformer，由 Attention Explorer 在会重复的序列上训练：先是一个起始词元，然后是 r，再来一遍 r。它认识 64 个词元（编号 0 到 63）和起始词元（编号 64），每层有 4 个头。它的权重是一个文件 `induction_model.npz`：在页面的“带回家”一节下载，放在这个笔记本旁边。
induction-nb-sentence =
    ## 1. 你的句子，重复两遍

    每个词是一个词元编号，同一个词编号相同。模型先读起始词元，再读这些词，然后把这些词再读一遍：在第二遍里，每个词元都出现过，所以模型可以复制上次跟在它后面的东西。
induction-nb-layers =
    ## 2. 两层注意力

    每个头做的事和第一页一样：每个查询给每个键打分 q·k/√d_head，因果掩码挡住查询之后的键，softmax 把分数变成权重，再用权重把值混合起来。位置只加到查询和键的输入上，所以一个头可以按位置去看，但复制的只是词元。每个头的输出加到残差流上，第 2 层读的就是这个流。放在 `off` 里的头被关闭：它什么也不加。
induction-nb-kinds =
    ## 3. 两种头

    前一词元头把每个查询送到紧挨在它前面的键：它的分数是每个位置给前一个位置的平均权重。归纳头在第二遍的某个词元处，找的是上一次同一个词元之后跟着的那个词元：它的分数是第二遍每个位置给该词元第一次出现之后那个位置的平均权重。分数接近 1，说明这个头做的正是这件事。
induction-nb-guesses =
    ## 4. 模型接下来猜什么

    最后的残差流乘以反嵌入矩阵，给每个可能的下一个词元一个分数；对 64 个词元做 softmax（起始词元永远不会是下一个）就得到概率。在第二遍里，归纳头负责复制，所以猜测就是上次跟在后面的那个词元。损失是第二遍（除去最后一个词元，它没有下一个）上真正的下一个词元的 −log 概率的均值。
induction-nb-why =
    ## 5. 它为什么看那里

    第 2 层在每个位置的键由几部分相加而成：词元的嵌入、位置，以及第 1 层每个头的输出。所以这个头从所跟踪的查询出发的分数 q·k/√d_head 可以拆成每部分各一项。第 1 层的前一词元头在每个位置写下“我的前一个词元是 t”；t 的查询与之匹配，所以第一个 t 之后的那个键得分最高。这里所有头都开着（`off` 只用于上面几节），`keys_off` 里的第 1 层头只从第 2 层的键中去掉：它们的项为 0。把前一词元头放进 `keys_off` 再运行一次，看看条纹减弱了多少。
