### Q/K/V 构建器：关于它的数字的每一句话、提示、问题和判定。词元用“ ”括起来。

builder-quoted = “{ $token }”
builder-more = 另外 { $more } 个

## 命名特征：简称（坐标轴标签），以及每个特征说明词元的什么。
builder-feature-animal = 动物
builder-feature-action = 动作
builder-feature-place = 地点
builder-feature-function = 虚词
builder-feature-unknown = 未知
builder-wants = 想要{ $feature }
builder-has = 含有{ $feature }
builder-wants-symbol = 想要 { $symbol }
builder-has-symbol = 含有 { $symbol }
builder-feature-is-animal = 是动物
builder-feature-is-action = 是动作
builder-feature-is-place = 是地点
builder-feature-is-function = 是虚词
builder-feature-is-unknown = 不在词表中（兜底）
builder-a-animal = 动物
builder-a-action = 动作
builder-a-place = 地点
builder-a-function = 虚词
builder-rule-action = 动作找动物（谁做的？）
builder-rule-animal = 动物找动作（它做了什么？）
builder-rule-function = 虚词找地点（在……哪里？）
builder-rule-short = { $asker }{ $first ->
       *[other] 找
    }{ $wanted }

## 起点。
builder-interpretable-info = **命名特征，和首页一样。** X 的每一列是一个特征；W_Q 的规则是：{ $rules }。这里 **d_model = { $d_model }**（{ $positions ->
        [0] { $features } 个特征
       *[other] { $features } 个特征，{ $positions } 个位置列
    }），而不是你设置的 d_model = { $yours }；随机种子用不上。
builder-start-help = 随机：由侧边栏的随机种子生成 W_Q、W_K 和 W_V，X 是每个词的嵌入，各列名为 d0、d1、……。命名特征：词表和 W_Q 的规则，都是手工设定的。切回“随机”时会恢复 d_model = { $yours }，它一直保存在链接里。
builder-random-caption = 初始权重由随机种子 { $seed } 生成，每个元素的方差为 1/d_model，这样 Q、K、V 的元素方差保持在 1 左右，和 X 一样。
builder-one-head = 这里只有一个头，所以 d_k = d_v = d_model = { $d_model }（多头在“掩码与多头”一页讲）。{ $positions ->
        [off] 位置编码已关闭：X 一开始只是每个词元的{ $start ->
            [interpretable] 命名特征
           *[other] 嵌入
        }。
       *[other] {""}
    }
builder-edit-caption = 在 { $name } 的任意单元格里输入新数字；上面的 { $name } 表显示页面实际计算用的数。表格显示的是四舍五入后的值，编辑器显示 4 位有效数字；在你改写某个单元格之前，页面一直保持完整精度。你的修改只保存在这个浏览器标签页里：它们**不在链接中**，只要改动{ $start ->
        [random] 句子、随机种子、d_model、起点或位置编码
       *[other] 句子、起点或位置编码
    }，就会从新的起点重新开始。
builder-edit-error = { $message }。请输入 −{ $most } 到 { $most } 之间的数；在此之前，页面保留这个单元格上一个有效的值 { $last }。

## 词表折叠区。
builder-lexicon-start = 词元在自己的特征上取 3，其他特征取 0；{ $kind ->
        [characters] 不在词表 { $words } 个常用汉字里的字
       *[words] 不在词表 { $words } 个常用英文单词里的词
    }，在 **未知**（兜底）上取 3。初始的 W_Q 对下面每条规则放一个 1，其他位置都是 0，所以查询的一列读作 *想要……*。W_K 和 W_V 一开始是单位矩阵：键的一列读作 *含有……*，值则把特征原样传下去。
builder-lexicon-positions = X 的最后两列 *sin p* 和 *cos p* 存放词元位置 p 的正弦和余弦（论文中的正弦位置编码，占两列）。初始的 W_Q 在这两行里都是 0，所以在你往那里填数之前，查询不会关注词元在哪个位置。
builder-lexicon-no-rule = 没有规则的词元（地点、未知词）从初始的 W_Q 得到全零的查询：它什么都不特别去找。{ $here }
builder-lexicon-waits = 这个句子的查询怎样分配权重，要等你回答第 4 节的预测之后才显示。

## 重复的词元。
builder-the-weights = 权重
builder-repeat-identical-off = “{ $word }”出现在位置 { $where }，它在 X、Q、K、V 和权重中的行**完全相同**。位置编码已关闭，X 只说明每个词元*是什么*，不说明它*在哪里*：单靠注意力看不出顺序。打开位置编码就能把它们区分开。
builder-repeat-identical-on = “{ $word }”出现在位置 { $where }，虽然位置编码是打开的，它在 X、Q、K、V 和权重中的行仍**完全相同**：你对 X 的修改让这几个副本得到了同一行，所以注意力分不清它们。
builder-repeat-edited = “{ $word }”出现在位置 { $where }；位置编码已关闭，但因为你改过 X，它的各行并不相同。
builder-repeat-positions = “{ $word }”出现在位置 { $where }；每个副本在 X 中都有自己的位置，所以它的各行不同。
builder-repeat-some = “{ $word }”出现在位置 { $where }；每个副本在 X 中都有自己的位置，所以它在 { $differ } 中的行不同，但在 { $same } 中相同{ $query ->
        [yes] ：W_Q 给这几个副本的是同一个查询
       *[other] {""}
    }。

## 动作 → 动物 这一课。
builder-rank-even = 和其他每个键都一样：这一行是均匀的，所以这个查询没有任何偏好
builder-rank-largest = 是这一行里最大的
builder-rank-tied = 和 { $others } 并列这一行最大
builder-rank-beaten = 但这一行里最大的权重现在给了“{ $top }”（{ $weight }）
builder-lesson-head = { $kind ->
        [success] 为什么“{ $query }”会注意“{ $key }”。
       *[other] “{ $query }”还会注意“{ $key }”吗？
    }
builder-lesson-action = { $kept ->
        [yes] “{ $token }”是动作
       *[other] “{ $token }”在词表中是动作，但它在 X 中的那一行这里现在是 { $value }
    }
builder-lesson-animal = { $kept ->
        [yes] “{ $token }”是动物
       *[other] “{ $token }”在词表中是动物，但它在 X 中的那一行这里现在是 { $value }
    }
builder-lesson-turns = { $kept ->
        [yes] W_Q 把 *动作* 变成 *想要动物*
       *[other] W_Q 的单元格（动作, 想要动物）现在是 { $value }
    }
builder-lesson-keeps = { $kept ->
        [yes] W_K 把它保留为 *含有动物*
       *[other] W_K 的单元格（动物, 含有动物）现在是 { $value }
    }
builder-lesson = **{ $head }** { $action }，而且 { $turns }：q 在这一列是 { $q }。{ $animal }，而且 { $keeps }：k 在这一列是 { $k }。它们的点积 q·k = { $score }，其中这一列贡献了 { $part }。经过 ÷ √{ $d_k } 和 softmax 之后，“{ $query }”给“{ $key }”的权重是 { $weight }，{ $verdict }。

## 什么都不找的查询。
builder-spread = { $kind ->
        [alone] 把全部权重（{ $weight }）都给了唯一的键，也就是它自己
        [even] 给每个键的权重都一样，都是 { $weight }
        [nearly-even] 把权重分得几乎均匀，从 { $low } 到 { $high }
       *[other] 把权重分得不均匀，从 { $low } 到 { $high }，最多的给了{ $itself ->
            [yes] 它自己
           *[other] “{ $top }”
        }
    }
builder-zero-alone = 这里{ $who }什么都不找：它的查询全是零，而它是唯一的词元，所以把全部权重（{ $weight }）都给了唯一的键，也就是它自己。
builder-zero-queries = 这里{ $who }什么都不找：查询全是零，所以这一行的每个分数都是 0，{ $n } 个键得到同样的权重 1/{ $n } = { $weight }。
builder-no-idle = 这个句子里没有这样的词元：这里每个查询都有规则。
builder-busy = “{ $token }”的查询不全是零，它{ $spread }。
builder-busy-more = （还有 { $rest } 个这样的查询这里没有描述。）
builder-unanswered = “{ $token }”要找{ $wanted }，但每个键在 *{ $has }* 这一列都是 0，所以这条规则对它的分数毫无贡献：它{ $spread }。
builder-unanswered-more = （还有 { $rest } 个要找{ $wanted }的查询这里没有描述。）
builder-sum-check = 这个和{ $kind ->
        [differs] 与上面输出中“{ $row }”那一行不同
       *[other] 等于上面输出中“{ $row }”那一行
    }，最大差距：{ $gap }{ $kind ->
        [rounding] ，这是浮点数舍入误差。
       *[other] 。
    }

## 形状、缩放后的分数和追踪。
builder-shapes-caption = n = { $tokens }，d_model = { $d_model }，d_k = { $d_k }，d_v = { $d_v }。不管宽度是多少，权重总是 n × n：每个查询一行，每个键一列。
builder-scaled-title = 缩放后 = QKᵀ/√d_k，√{ $d_k } = { $root }
builder-exp-shifted = exp({ $scaled } { $minus }) = { $exp }（先从每个元素减去这一行最大的缩放后分数 { $shift }，让 exp() 不会溢出；它在比值中会约掉）
builder-sum-one = “{ $row }”这一行只有这一个 exp，所以 { $exp } ÷ { $exp } = { $weight }
builder-sum-many = “{ $row }”这一行的 exp 是 { $exps }，加起来是 { $total }；{ $exp } ÷ { $total } = { $weight }
builder-step-1 = 1. **q ⊙ k**，逐元素相乘：第一张表的最后一行。
builder-step-2 = 2. **求和**：q · k = { $score }，即 QKᵀ 中（{ $query }, { $key }）这个单元格。
builder-step-3 = 3. **÷ √d_k**：{ $score } ÷ √{ $d_k } = { $score } ÷ { $root } = { $scaled }。
builder-step-4 = 4. **exp**：{ $exp }。
builder-step-5 = 5. **÷ 这一行 exp 之和**：{ $sum }。
builder-step-6 = 6. **权重** w = { $weight }：在上面的权重表中，就是高亮的行和列交叉的那个单元格（页面的 softmax 给出 { $page }）。
builder-step-7 = 7. **w · v**：{ $weight } × v({ $key }) = { $share }。这就是键“{ $key }”在“{ $query }”的输出中所占的份额：{ $shown ->
        [yes] 即第二张表中高亮的“{ $key }”那一行
       *[other] 为了让页面轻一些，这个大小下省略了全部 { $n } 个键的份额表（{ $n } × { $d_v }）
    }。
builder-step-8 = 8. **把每个键的份额加起来**，{ $shown ->
        [yes] 把第二张表的每一列加起来，得到第三张表
       *[other] 得到第二张表
    }：output({ $query }) = { $output }。
builder-code-intro = 用纯 numpy 重算本页的数字，从页面正在使用的 X 和各个 W 出发（包括你的修改），顺序与页面一致，追踪查询“{ $query }”和键“{ $key }”：就是下面笔记本里的代码，笔记本还会把结果与页面核对。

## 先预测，再看结果。
builder-moved-seed = 随机种子
builder-moved-d-model = d_model
builder-moved-positions = 位置编码
builder-moved-edits = 你的修改
builder-numbers-moved = 你预测之后数字变了{ $named ->
        [yes] （{ $what }）
       *[other] {""}
    }：你的预测会按页面上现在的数字来核对。
builder-tie = { $names }并列，都是 { $weight }：{ $count ->
        [2] 两个
       *[other] 哪一个
    }都算对。
builder-double-sharper = 最大的键不变，权重变大
builder-double-flatter = 最大的键不变，权重变小
builder-double-other = 换了一个键居首
builder-double-same = 权重都不变
builder-double-question = 假设把 W_Q 的每个元素都乘以 2。“{ $query }”对各个键的权重会怎样变化？它的查询就是上面 Q 中它的那一行，而 Q = X·W_Q。
builder-gives-away-1 = 每个查询都翻倍
builder-gives-away-2 = 缩放后的分数都翻倍
builder-gives-away-3 = 仍然居首，而更大的差距
builder-double-alone = “{ $query }”只有一个键，就是它自己，不管 W_Q 是什么，它都把全部权重给这个键。
builder-double-even = W_Q 翻倍会让每个查询都翻倍（Q = X·W_Q），所以“{ $query }”这一行缩放后的分数都翻倍，而它们前后都全部相等，都是 { $score }：每个键的权重仍是 1/{ $n } = { $weight }。
builder-double-lead = W_Q 翻倍会让每个查询都翻倍（Q = X·W_Q），所以“{ $query }”这一行缩放后的分数都翻倍：“{ $key }”的从 { $before } 变成 { $after }。
builder-double-apart = 原来保留 { $decimals } 位小数时并列的权重分开了：现在{ $names }的权重最大。
builder-double-same-why = “{ $key }”仍然居首，它的权重 { $weight } 在 { $decimals } 位小数下已经和 1 一样接近：每个权重显示出来都没变。
builder-double-gaps = softmax 保持分数的顺序，所以“{ $key }”仍然居首，而更大的差距把它的权重从 { $before } { $outcome ->
        [sharper] 提高
       *[other] 降低
    }到 { $after }。
builder-sentence-joiner = {""}
builder-hint-same = softmax 通过 exp 读取分数之间的差距，所以把差距翻倍会让每个权重都变。
builder-hint-other = 把一行里的每个分数都翻倍，顺序不变，所以原来居首的键仍然居首。
builder-hint-flatter = 分数之间的差距越大，softmax 越尖锐，而不是越平坦。

## 页面上固定的文字，按页面顺序。
builder-intro = 一个词元的**查询**、**键**和**值**，就是它在 X 中的那一行分别乘以三个可学习的矩阵。用你的句子把它们算出来，改动任意一个数，再跟着一个权重一路走到输出。
builder-positions-help-random = 把论文中的 sin/cos 位置向量加到 X 中每个词元的那一行上。
builder-positions-help-interpretable = 在命名特征之后给 X 再加两列：每个词元位置的正弦和余弦。
builder-start-header = 1. 从 X 和三个权重矩阵出发
builder-start-intro = X 的行是词元；每个 W 的行对应 X 的列，所以 **X · W** 是有定义的。
builder-edit-help = 在任意单元格里输入新数字：整个页面都会按你的数字重新计算。
builder-lexicon-title = 词表和手工设定的 W_Q
builder-shapes-header = 2. 形状这样流动
builder-project-header = 3. 投影：每个词元一个查询、一个键、一个值
builder-project-intro = **Q**、**K**、**V** 的第 i 行就是词元 i 的查询、键和值。查询和键决定权重；值决定复制过去的是什么。
builder-compare-header = 4. 拿每个查询和每个键比较
builder-weights-caption = 每一行是一个查询对所有键的权重，加起来等于 1。高亮的是第 5 节追踪的那一对。
builder-trace-header = 5. 把一个权重一路追踪到输出
builder-sum-title = Σⱼ wⱼ·vⱼ，份额加起来
builder-dims-note = X 的列，也就是每个 W 的行
builder-long-help = 包含 X 和各个 W 的每一个数，所以很长。
builder-trace-products = “{ $query }”→“{ $key }”的 qᵢ ⊙ kⱼ
builder-trace-shares = wⱼ·vⱼ：每个键在“{ $query }”的输出中的份额
builder-query-picker = 查询 i（发问的词元）
builder-key-picker = 键 j（回答的词元）
builder-download-zip = 下载所有矩阵（带词元标签的 CSV 压缩包）
builder-shapes-label = 形状如何从上到下流动
builder-transpose-step = Q · Kᵀ（K 的转置）
builder-softmax-step = 逐行 softmax

## 页面上的短标签。
builder-title = Q/K/V 构建器
builder-start-label = 起点
builder-start-name-random = 随机：由随机种子生成的权重
builder-start-name-interpretable = 可解释：命名特征
builder-positions-label = 给 X 加上正弦位置编码
builder-edit-label = 编辑一个矩阵
builder-edit-none = 不编辑
builder-reset = 撤销所有修改
builder-what-x-embedding = 嵌入
builder-what-x-named = 命名特征
builder-what-x-embedding-positions = 嵌入 + 位置
builder-what-x-named-positions = 命名特征 | 位置
builder-axis-token = 词元
builder-axis-d-model = d_model 维度
builder-axis-x-column = X 的列
builder-axis-q-column = Q 的列
builder-axis-k-column = K 的列
builder-axis-v-column = V 的列
builder-axis-query = 查询
builder-axis-key = 键
builder-axis-key-j = 键 j
builder-axis-d-k = d_k 维度
builder-axis-value = 值的维度
builder-w-q-title = W_Q，查询投影
builder-w-k-title = W_K，键投影
builder-w-v-title = W_V，值投影
builder-lexicon-token = 词元
builder-lexicon-feature = 特征
builder-scores = 分数
builder-weights = 权重
builder-output = 输出
builder-sums = Σⱼ 权重
builder-trace-pair = 在下面追踪 { $query } → { $key }
builder-nb-q-dims = Q 的列
builder-nb-k-dims = K 的列
builder-nb-v-dims = V 的列，也是输出的列
builder-nb-pair = 查询 { $query }，键 { $key }
builder-setting-sentence = 句子
builder-setting-start = 起点
builder-setting-positions = 位置编码
builder-setting-query = 查询 i
builder-setting-key = 键 j
builder-setting-edited = 修改过的单元格
builder-setting-on = 开
builder-setting-off = 关
builder-setting-named-d-model = { $d_model }（命名特征）

## 笔记本中的文字。
builder-nb-start =
    ## 1. 从 X 和三个权重矩阵出发

    下面的数就是页面当时在用的数，包括你的修改（页面拒绝的单元格保留了它上一个有效的值，这个笔记本也一样）。
builder-nb-shapes = ## 2. 形状
builder-nb-project = ## 3. 投影：每个词元一个查询、一个键、一个值
builder-nb-compare = ## 4. 拿每个查询和每个键比较
builder-nb-trace =
    ## 5. 把一个权重一路追踪到输出

    查询“{ $query }”和键“{ $key }”，一步一步来。
