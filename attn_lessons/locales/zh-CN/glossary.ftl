### 术语表：每个术语唯一的定义，出现在页面第一次用到它的地方；.term 是这个术语在中文里的写法。

glossary-query = 我在找什么？
    .term = 查询
glossary-key = 我包含什么？
    .term = 键
glossary-value = 我要传递什么？
    .term = 值
glossary-softmax = 对每个分数取 exp，再除以这一行所有 exp 之和，所以一行的权重都是正数，且加起来等于 1
    .term = softmax
glossary-d-k = 每个查询向量和键向量的宽度
    .term = d_k
glossary-hard-argmax = 把全部权重都放在最大的分数上
    .term = 硬 argmax
glossary-slope = 某个键自己的分数稍微变一点时，它的权重跟着变多少；传到这个分数的每个梯度都要经过它
    .term = ∂p₂/∂z₂
glossary-jacobian = 记录每个分数变化时每个权重随之变化多少的表
    .term = 雅可比矩阵
glossary-nats = 用自然对数 ln 计算熵和损失时的单位：在 n 个键上平均分配时为 ln n
    .term = 奈特
glossary-concat = 把各个头的输出并排放在一起
    .term = 拼接
glossary-w-o = 把各个头找到的信息混合成这一层输出的可学习矩阵
    .term = W_O
glossary-induction-head = 利用重复内容的第一次出现来预测第二次出现的头
    .term = 归纳头
glossary-adam = 按每个权重最近的梯度来决定其步长的梯度下降
    .term = Adam
glossary-recurrent = 每一步读入一个词元、并把状态一路往下传的网络
    .term = 循环神经网络
glossary-cross-attention = 查询来自一个序列，键和值来自另一个序列
    .term = 交叉注意力

glossary-inline = { $term }（{ $definition }）
glossary-line-pair = **{ $term }**：{ $definition }
glossary-line-joiner = ；
glossary-line = { $pairs }。
