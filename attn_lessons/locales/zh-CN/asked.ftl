# 各个问题的声明（attn_lessons/asked.py 的 Asked 与 Wrong），班级模式按教师的语言读出：题目的简短标题、揭晓答案时的
# 一句理由（.reason），以及每个预料中的错误答案（消息值：教师看到的说法）和它反映的误解（.shows，名词短语，不加句号）。

## 词元题（首页、训练好的模型）
asked-self = 查询自己的词元
    .shows = 一个词元总是给自己的键最大的权重
asked-neighbour = 它旁边的词
    .shows = 注意力按位置落在最近的词上
asked-all-same = 所有键的权重都一样
asked-own-right = 答对
asked-own-wrong = 答错
asked-unreadable = 无法读取的回答

## 首页
asked-home-top-key = 查询会给哪个键最大的权重？
    .reason = softmax 保持分数的大小顺序：q·k 最大的键得到最大的权重。

## Q/K/V 构建器
asked-builder-double-wq = 把 W_Q 翻倍，查询的权重会怎样？
    .reason = W_Q 翻倍，每个查询和它那一行的每个分数都翻倍：softmax 保持它们的顺序，而拉大的差距让最高的键得到更多权重。
asked-builder-double-wq-same =
    .shows = softmax 只看分数的顺序，不看大小
asked-builder-double-wq-other =
    .shows = 查询变大后会最匹配别的键
asked-builder-double-wq-flatter =
    .shows = 分数越大，权重分得越平均

## 缩放探索
asked-scaling-softmax = softmax 给键 1 多大的权重？
    .reason = softmax 把每个分数变成 exp(分数)，再除以所有键的 exp(分数) 之和。
asked-scaling-softmax-scaled = 缩放后的权重
    .shows = 除以了 √d_k，而 softmax 本身并不做这一步
asked-scaling-softmax-proportional = z₁ / (z₁ + z₂)
    .shows = 权重按分数成比例分配，漏掉了 exp
asked-scaling-softmax-swapped = 另一个键的权重
    .shows = 分数大的反而权重小
asked-scaling-softmax-even = 0.5
    .shows = 不管分数如何，权重都相等

## 训练实验
asked-training-race = 哪次训练的损失先下降？
    .reason = 训练的快慢取决于梯度能否传到 W_Q 和 W_K；饱和的 softmax（分数随 d_k 变大又没有缩放）几乎传不回梯度。
asked-training-race-unscaled =
    .shows = 不缩放的分数更大，学得更快
asked-training-race-same =
    .shows = 缩放只是给分数换了个刻度，对学习毫无影响
asked-training-race-neither =
    .shows = 两次训练都学不会这个任务
asked-training-race-scaled =
    .shows = 缩放在任何学习率下都有帮助

## 掩码与多头
asked-masks-see = 在这个掩码下，这个词元能看到哪些键？
    .reason = 被掩蔽的键在 softmax 之前分数被设为 −∞，所以它的权重正好是 0。
asked-masks-see-all = 所有键
    .shows = 不管什么掩码，每个词元都能看到所有键
asked-masks-see-before = 它之前的键，不含它自己
    .shows = 词元永远看不到自己的键
asked-masks-see-after = 它自己和它之后的键
    .shows = 把因果掩码读反了：词元能看到后面的词元
asked-masks-see-itself = 只有它自己
    .shows = 掩码让词元只能看到自己
asked-masks-see-upto = 它自己和它之前的键
    .shows = 所有掩码都是因果掩码
asked-masks-see-nothing = 一个键也看不到
    .shows = 被掩蔽的行没有可以关注的键
asked-masks-see-real = 所有词，但不含填充
    .shows = 不管什么掩码，被掩蔽的只有填充

## 训练好的模型内部
asked-induction-look = 归纳头关注哪个键？
    .reason = 答案是这个头自己的权重最大的地方；训练好的归纳头通常把权重放在查询词元上一次出现之后的那个键上。
asked-induction-look-same = 前面同一个词元
    .shows = 查询找的是同一个词元的键，而不是它后面那个
asked-induction-look-previous = 紧挨在它前面的词元
    .shows = 第 2 层做的是第 1 层“前一个词元”头做的事
asked-induction-look-itself = 查询自己
    .shows = 一个词元总是给自己的键最大的权重
asked-induction-look-start = 开头的词元
    .shows = 找不到目标的头会停在第一个词元上

## 常见错误
asked-mistakes-axis = 用 softmax(scores, axis=0)，哪些加起来等于 1？
    .reason = axis=0 沿着每一列、在查询之间归一化，所以每个键的那一列加起来是 1，而查询的行一般不是。
asked-mistakes-axis-rows =
    .shows = 把 axis=0 当成了键的轴，以为行加起来仍然是 1
asked-mistakes-axis-neither =
    .shows = 在错误的轴上做 softmax 就什么也没有归一化

## 掩码错误
asked-mask-mistakes-row-sum = 在 softmax 之后清零，这一行加起来是多少？
    .reason = 在 softmax 之后把权重清零，只是去掉了它们那一份，剩下的没有重新归一化，所以这一行加起来小于 1。
asked-row-sum-zero =
    .shows = 清零一部分权重会让整行变空
asked-row-sum-one =
    .shows = softmax 之后清零，剩下的权重加起来仍然是 1
asked-row-sum-more =
    .shows = 被挡住的键的权重转移到了允许的键上

## 自我检测：每类题的标题和它预料中的错误答案
asked-quiz-weights-shape = 权重矩阵是什么形状？
asked-quiz-weights-shape-transpose = 它的转置
    .shows = 每个键一行，而不是每个查询一行
asked-quiz-weights-shape-per-query = 每个查询一个数
    .shows = 每个词元一个权重，而不是每对查询和键一个
asked-quiz-why-scale = 为什么要把分数除以 √d_k？
asked-quiz-why-scale-sum = 让每行加起来等于 1
    .shows = 以为是缩放让每行加起来等于 1
asked-quiz-why-scale-overflow = 防止 exp() 上溢
    .shows = 以为缩放是为了防止 exp() 上溢
asked-quiz-why-scale-uniform = 让每个键的权重都一样
    .shows = 以为缩放让所有权重相等
asked-quiz-softmax-axis = softmax 在哪个轴上归一化？
asked-quiz-softmax-axis-queries = 在查询之间
    .shows = 在查询之间做 softmax
asked-quiz-softmax-axis-all = 在所有元素之间
    .shows = 在整个矩阵上做 softmax
asked-quiz-qkv-shapes = Q、K、V 或输出是什么形状？
asked-quiz-qkv-shapes-weights = 权重的形状
    .shows = 把要问的矩阵和 n × n 的权重弄混了
asked-quiz-qkv-shapes-d-model = n × d_model
    .shows = 以为投影保持宽度 d_model
asked-quiz-roles = 哪些矩阵决定权重？
asked-quiz-roles-qv = Q 和 V 决定权重
    .shows = 以为值也参与决定权重
asked-quiz-roles-kv = K 和 V 决定权重
    .shows = 以为是键和值决定权重，而不是查询
asked-quiz-roles-q = 只有 Q 决定权重
    .shows = 以为只有查询决定权重
asked-quiz-scale-heads = 每个头把分数除以什么？
asked-quiz-scale-heads-sqrt-d-model = √d_model
    .shows = 除以 √d_model，而不是单个头的 √d_k
asked-quiz-scale-heads-d-k = d_k
    .shows = 除以 d_k，而不是 √d_k
asked-quiz-scale-heads-factor = 1/√d_k
    .shows = 给出的是要乘的因子
asked-quiz-scale-heads-d-model = d_model
    .shows = 除以 d_model
asked-quiz-causal-row = 因果掩码的一行能看到多少个键？
asked-quiz-causal-row-after = 它之后的键
    .shows = 把因果掩码读反了
asked-quiz-causal-row-fewer = 少一个
    .shows = 以为词元看不到自己的键
asked-quiz-causal-row-every = 所有键
    .shows = 忘了因果掩码
asked-quiz-causal-row-one = 一个
    .shows = 以为词元只能看到自己
asked-quiz-identical-tokens = 一个词的两个副本会不一样吗？
asked-quiz-identical-tokens-differ = 它们不一样
    .shows = 以为没有位置信息注意力也知道词序
asked-quiz-identical-tokens-zero = 第二个全是 0
    .shows = 以为注意力会记住已经见过的词
asked-quiz-one-hot = 独热的一行权重输出什么？
asked-quiz-one-hot-own = 查询自己的值
    .shows = 照搬了查询自己的值，而不是权重所在的那个
asked-quiz-one-hot-column = V 的一列
    .shows = 混合的是 V 的列，而不是行
asked-quiz-one-hot-average = 所有值的平均
    .shows = 不管权重是多少，都当成相等的权重
asked-quiz-qk-variance = q·k 的方差是多少？
asked-quiz-qk-variance-sd = √d_k
    .shows = 给出的是标准差，不是方差
asked-quiz-qk-variance-one = 1
    .shows = 给出的是除以 √d_k 之后的方差
asked-quiz-qk-variance-squared = d_k²
    .shows = 以为方差相乘而不是相加
asked-quiz-steps = 从第一个词元到最后一个要经过几层？
asked-quiz-steps-recurrent = n − 1
    .shows = 像循环神经网络那样数步数
asked-quiz-weights-total = 所有权重加起来是多少？
asked-quiz-weights-total-one = 1
    .shows = 以为整个矩阵加起来是 1，而不是每一行
asked-quiz-weights-total-entries = n²
    .shows = 数的是元素个数，而不是把权重加起来
asked-quiz-two-keys = 两个缩放后的键中，第一个得到多大的权重？
asked-quiz-two-keys-unscaled = 未缩放的权重
    .shows = 忘了除以 √d_k
asked-quiz-two-keys-second = 第二个键的权重
    .shows = 读成了另一个键的权重
