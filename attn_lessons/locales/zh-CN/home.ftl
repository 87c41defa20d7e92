### 首页：原文中“查找”的那幅图，实时计算。词元用“ ”括起来。

home-number-word = { $n ->
        [0] 零
        [1] 一
        [2] 两
        [3] 三
        [4] 四
        [5] 五
        [6] 六
        [7] 七
        [8] 八
        [9] 九
        [10] 十
       *[other] { $n }
    }
home-quoted = “{ $token }”

## X 是什么，以及位置对句子中重复的词有什么作用。
home-positions-off = X 只是每个词元的嵌入，不含位置：同一个词得到同一行。
home-positions-no-repeat = X 是每个词元的嵌入加上它的正弦位置编码，所以同一个词出现在两个位置时，也会得到两行不同的数。
home-positions-copies = { $number }个“{ $word }”
home-positions-repeats = X 是每个词元的嵌入加上它的正弦位置编码，所以{ $copies }各自得到不同的行。

## “查询会给哪个键最大的权重？”的判定。
home-opening-largest = “{ $query }”给出的最大权重
home-opening-even = “{ $query }”给每个键的权重都一样
home-opening-prints-even = “{ $query }”的权重显示出来全都是
home-verdict-alone = “{ $query }”是唯一的词元，所以它自己就是唯一的键，拿到全部权重 { $weight }：只有一个分数时，softmax 的结果总是 1。
home-verdict-even = { $opening }，每个都是 { $weight }：它缩放后的分数全都相等，没有哪个键更受青睐，选哪个键都算对。
home-verdict-prints-even = { $opening } { $weight }：它缩放后的分数 q·k/√d_k 从 { $low } 到 { $high }，彼此太接近，保留 { $decimals } 位小数时权重看不出差别，所以选哪个键都算对。
home-verdict-against = 其他键最多只有 { $second }（“{ $runner }”），而 softmax 会把最大的分数变成最大的权重。
home-verdict-one = { $opening }是 { $weight }，给了“{ $key }”：那里缩放后的分数 q·k/√d_k 是 { $best }，{ $against }
home-verdict-tie-equal = 它们缩放后的分数 q·k/√d_k 都是 { $best }，
home-verdict-tie-range = 它们缩放后的分数 q·k/√d_k 在 { $low } 到 { $high } 之间，太接近了，保留 { $decimals } 位小数时权重看不出差别；
home-verdict-tie = { $ties }{ $scores }{ $against }
home-verdict-guess = { $verdict }“{ $guess }”得到的是 { $weight }。

## 权重：命名特征，或随机种子生成。
home-random-caption = W_Q、W_K 和 W_V 由随机种子 { $seed }（侧边栏）生成，d_model = { $d_model }。模型什么都还没学，所以查询偏向哪个键没有任何含义，完全取决于随机种子。
home-features-animal = 动物
home-features-action = 动作
home-features-place = 地点
home-features-function = 虚词
home-features-unknown = 未知词
home-kind-people = 指人的名词
home-kind-things = 物品
home-kind-pronouns = 代词
home-kind-counts-as = { $kind }算作{ $features }
home-named-caption = 命名特征：词表给每个词一个特征（{ $kinds }）；手工设定的 W_Q 规定{ $rules }。
home-names-joiner = 、
home-named-help = 关闭时：X 的列是 { $features } 个命名特征（{ $names }）和 { $positions } 个位置列；Q/K/V 构建器会展示词表和每一个数。打开时：由侧边栏的随机种子和 d_model 生成权重。

## 你自己的句子：词表不认识的词。下面这些句子的每个字词表都认识：
home-working-1 = 狗在草地上追球
home-working-2 = 妹妹在家里喂猫
home-working-3 = 鸟在树上叫
home-unknown-more = 另外 { $more } 个词元
home-unknown = { $every ->
        [yes] 你的词元都
       *[other] { $names }
    }不在词表中，所以对应的行没有任何含义：W_Q 里没有哪条规则会用它们去找别的词，也没有规则会来找它们。试试一个词表认识的句子：

## 一个查询，所有的键。
home-one-head-named = 这里 d_k = d_v = { $d_k }，而不是侧边栏的 d_model：{ $columns }，本页用一个头处理这整个宽度（多头在“掩码与多头”一页讲）。
home-one-head-random = d_k = d_v = d_model = { $d_k }：本页用一个头处理整个宽度（多头在“掩码与多头”一页讲）。{ $note }
home-x-columns = X 有 { $width } 列
home-x-named-columns = X 是每个词元的 { $features } 个命名特征加上 { $positions } 个位置列
home-d-k-named = 这里 d_k = { $d_k }，而不是侧边栏的 d_model：{ $columns }
home-d-k-sidebar = d_k = d_model = { $d_k }，来自侧边栏
home-top-key-question = “{ $query }”会给哪个键最大的权重？
home-query-title = “{ $query }”对每个键的提问
home-column-score = 1. 分数 q·kⱼ
home-column-scaled = 2. 缩放：÷ √{ $d_k }
home-column-weight = 3. 权重
home-steps-caption = 1：查询和每个键有多匹配，用点积衡量。2：除以 √d_k = √{ $d_k } = { $root }（{ $source }），这样分数不会随宽度变大。3：每个权重等于 exp(缩放后的分数) 除以这一行所有 exp 之和；它们加起来是 { $sum }。
home-output-header = 4. “{ $query }”的输出是各个值行的加权和
home-shares-sum = 把份额表的每一列加起来，就得到它下面的输出行，最大差距：{ $gap }。
home-weight-matrix = 每一行是一个查询对所有键的权重，加起来等于 1。你的 { $tokens } 个词元给出{ $a ->
       *[other] 一个
    } { $rows } × { $cols } 的权重矩阵，每个查询一行。
home-nb-rows-named = 每个词元的命名特征，然后是它的两个位置列；W_Q 是手工设定的，W_K 和 W_V 是单位矩阵
home-nb-rows-random = 每个词元的嵌入加上它的位置；W_Q、W_K 和 W_V 是由随机种子生成的随机矩阵
home-code-intro = 用纯 numpy 重算本页的数字，查询为“{ $query }”，顺序与页面一致：和下面笔记本里的代码相同，笔记本还会把结果与页面核对。
home-nb-query-note = 页面上显示的查询：{ $query }

## 页面上固定的文字，按首页的顺序。
home-intro = 自注意力让每个词元去问：哪些词元带着我需要的东西？各要多少？决定这一点的是内容，而不是固定的模式。在侧边栏里改一改句子（手机上点左上角的 **»** 打开），看看这些数怎么变。
home-role = **{ $name }** ${ $symbol }$：*{ $definition }*
home-query-picker = 选一个发问的词元（查询）
home-one-head-title = 这里的 X、d_k 和三列分别是什么
home-shares-title = wⱼ · vⱼ，每个键的份额
home-every-query = 所有查询一起看
home-qkv-heading = **Q、K 和 V：每个词元一行**
home-one-query = 一个查询，所有的键
home-value-dimension = 值的维度
home-key = 键
home-key-j = 键 j
home-query = 查询
home-token = 词元
home-output = 输出
home-length = 长度 ‖wⱼ·vⱼ‖
home-score = 分数 q·k
home-weight = 权重
home-route-note = **学习路线。** 按这个顺序学习各页；每个链接都会保留你的句子和设置。核心页面大约需要 { $minutes } 分钟读完，动手试控件会更久；深入专题讲得更远。
home-route-link = { $number }. { $label }（{ $kind ->
        [core] 核心
       *[other] 深入专题
    }，{ $minutes } 分钟）：{ $question }
home-random-toggle = 随机权重：一个刚初始化、未经训练的模型是什么样
home-qkv-toggle = 显示 Q、K 和 V 从哪里来
home-weights-setting = 权重
home-weights-named = 命名特征
home-weights-random = 随机种子生成

## 笔记本中的文字。
home-nb-inputs =
    ## 输入

    只有一个头，所以 d_k = d_v = d_model。X 的每一行是{ $rows_of_X }。
home-nb-roles =
    ## 三种角色

    每个词元在 X 中的那一行，分别乘以三个可学习的矩阵：得到查询（*{ glossary-query }*）、键（*{ glossary-key }*）和值（*{ glossary-value }*）。
home-nb-one-query =
    ## 一个查询，所有的键

    “{ $query }”的查询给每个键打分（1），分数除以 √d_k（2），再由 softmax 变成加起来等于 1 的权重（3）。
home-nb-output = ## 4. “{ $query }”的输出是各个值行的加权和
home-nb-every-query =
    ## 所有查询一起看

    对每个查询做同样的步骤：每个查询一行权重，每行加起来等于 1。
